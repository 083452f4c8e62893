import type { Segment, SegmentPiece } from './segment.js';

/**
 * Wider candidate extents, as lawyers often mark clauses: a sentence with the sentence that
 * continues it, and a clause's lead-in ("…shall not, without consent:") with its list of
 * sub-clauses (a)(b)(c). Segments stay the primary candidates; these runs rank below their
 * members, so they only add candidates deep in the ranking.
 */
export type Extent = { first: number; last: number };

/** "(a)", "(iv)", "b.", "ii)": a sub-clause's marker at the start of a segment. */
const SUB_CLAUSE =
  /^\s*(?:\((?:[a-z]{1,2}|[ivxlc]{1,5}|\d{1,2}|[A-Z])\)|(?:[a-z]|[ivx]{1,4})[.)]\s)/;
/** A lead-in announcing a list: it ends with a colon, or with "following", "either", "that". */
const LEAD_IN = /(?::|\b(?:following|either|that|to))\s*$/i;
/** A list longer than this is more likely an enumeration of definitions than one clause. */
const MAX_LIST = 8;

export function extentsOf(segments: Segment[]): Extent[] {
  const extents: Extent[] = [];
  segments.forEach((segment, index) => {
    const next = segments[index + 1];
    if (!next || segment.isTitle || next.isTitle || segment.heading !== next.heading) return;
    extents.push({ first: index, last: index + 1 });
    if (!LEAD_IN.test(segment.text) || !SUB_CLAUSE.test(next.text)) return;
    let last = index + 1;
    while (
      last + 1 < segments.length &&
      last + 1 - index <= MAX_LIST &&
      SUB_CLAUSE.test(segments[last + 1]!.text)
    )
      last++;
    if (last > index + 1) extents.push({ first: index, last });
  });
  return extents;
}

/** The pieces of a run of segments: per page, from its first character to its last. */
export function piecesOfExtent(segments: Segment[], { first, last }: Extent): SegmentPiece[] {
  const pieces: SegmentPiece[] = [];
  for (let index = first; index <= last; index++) {
    for (const piece of segments[index]!.pieces) {
      const previous = pieces.at(-1);
      if (previous && previous.pageNumber === piece.pageNumber) {
        previous.end = Math.max(previous.end, piece.end);
      } else pieces.push({ ...piece });
    }
  }
  return pieces;
}
