/**
 * Long work on the event loop in slices: call the returned `pause()` often (after each page, say);
 * once `sliceMs` have passed since the last break it yields to the event loop, so that requests
 * (a health probe, a page read) are answered while a huge document is chunked or indexed.
 */
export function timeSlices(sliceMs = 10): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
}
