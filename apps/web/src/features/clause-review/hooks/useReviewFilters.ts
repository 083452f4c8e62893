import { useSearchParams } from 'react-router';
import type { ReviewFilters } from '../clauseMatrix';

/** A document id from the URL: a positive integer, else none. */
function parseId(raw: string | null): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** "Show all categories" (`?all=1`), also read by the route's loader. */
export function showsAll(params: URLSearchParams): boolean {
  return params.get('all') === '1';
}

/**
 * The Clause Review's filters live in the URL (`?document=12&category=…&redFlags=1&all=1`), so
 * that a link (e.g. the Documents page's red-flag chip) opens the review filtered.
 */
export function useReviewFilters() {
  const [params, setParams] = useSearchParams();
  const filters: ReviewFilters = {
    redFlagsOnly: params.get('redFlags') === '1',
    documentId: parseId(params.get('document')),
    category: params.get('category') || null,
  };
  const showAll = showsAll(params);

  const set = (name: 'redFlags' | 'document' | 'category' | 'all', value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return {
    filters,
    showAll,
    setRedFlagsOnly: (on: boolean) => set('redFlags', on ? '1' : null),
    setDocumentId: (id: number | null) => set('document', id === null ? null : String(id)),
    setCategory: (category: string | null) => set('category', category),
    setShowAll: (on: boolean) => set('all', on ? '1' : null),
    clear: () => setParams(new URLSearchParams(), { replace: true }),
  };
}
