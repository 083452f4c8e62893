const KB = 1024;
const MB = 1024 * 1024;

/** Spec §9: bytes below 1 KB, KB to one decimal below 1 MB, otherwise MB to one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  const kilobytes = (bytes / KB).toFixed(1);
  // 1,048,575 bytes would read '1024.0 KB': that is '1.0 MB'.
  if (bytes < MB && kilobytes !== '1024.0') return `${kilobytes} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** Spec §2: the selected-files list shows MB to two decimals. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(2)} MB`;
}
