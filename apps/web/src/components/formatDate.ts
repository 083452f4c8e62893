/** A date as people in the UK write it (spec: en-GB), e.g. 21/11/2026; '—' if unreadable. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString('en-GB');
}
