/**
 * jsdom has no window.matchMedia. This one answers min-width / max-width queries against a
 * viewport width the test chooses (default 1280 px, a large screen).
 */
let viewportWidth = 1280;

export function setViewportWidth(width: number) {
  viewportWidth = width;
}

function matches(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value]) =>
    kind === 'min' ? viewportWidth >= Number(value) : viewportWidth <= Number(value),
  );
}

export function installMatchMedia() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      media: query,
      matches: matches(query),
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
