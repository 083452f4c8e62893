/**
 * A date as people in the UK write it (spec: en-GB), e.g. 21/11/2026; '—' if unreadable. A space
 * may separate date and time (spec §3): not every browser parses that form, so it becomes a 'T'.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso.replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T'));
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString('en-GB');
}
