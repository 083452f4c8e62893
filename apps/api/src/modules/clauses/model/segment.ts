/**
 * Page text → clauses and sentences with character offsets into the page text. PDF text arrives
 * as layout lines (a paragraph wraps over several lines, a clause may cross a page break), so
 * boundaries come from line starts (numbering, blank lines, headings) and from sentence ends.
 */
export type PageText = { pageNumber: number; text: string };

/** A slice of one page: `pageText.slice(start, end)`. */
export type SegmentPiece = { pageNumber: number; start: number; end: number };

export type Segment = {
  /** One piece per page the segment covers, in reading order. */
  pieces: SegmentPiece[];
  /** The pieces' text joined by a space. */
  text: string;
  /** The heading of the section the segment is in ('' when none); context, never in the span. */
  heading: string;
  /** A title line of the document's first page (kept as a segment: Document Name lives there). */
  isTitle: boolean;
  /**
   * Outline context ('' when none), never in the span: the standalone heading above the section
   * (kept when a run-in heading replaces `heading`) and, for the sub-clauses and later sentences
   * of a numbered section, the section's first sentence ("…shall not assign…, except:").
   */
  outline?: string;
};

type Line = { pageNumber: number; start: number; end: number; text: string };

const NUMBERING =
  /^(?:(?:article|section|schedule|exhibit|annex|appendix)\s+[0-9ivxlc]+[a-z]?\b|\d{1,3}(?:\.\d{1,3})*\.?(?=\s|$)|\((?:[a-z]{1,2}|[ivxlc]{1,5}|\d{1,3}|[A-Z]{1,2})\)|(?:[a-zA-Z]|[ivx]{1,4})[.)](?=\s))/i;
/** Page furniture: page numbers, "Page 3 of 9", EDGAR's "Source: …" footer. */
const FURNITURE =
  /^(?:-?\s*\d{1,4}\s*-?|page\s+\d+(?:\s+of\s+\d+)?|\d+\s+of\s+\d+|source:\s.*|\[?\*+\]?)$/i;
const ABBREVIATION =
  /(?:^|[\s(])(?:inc|ltd|co|corp|no|nos|sec|secs|art|arts|mr|mrs|ms|dr|st|jr|sr|vs|etc|e\.g|i\.e|u\.s|u\.k|n\.a|l\.p|l\.l\.c|s\.a|b\.v|n\.v|approx|para|reg|fed|paras|ex|fig|viz|cf|[a-z])\.$/i;
/** A line ending so ("…under Section") makes the next line's "10.1" a reference, not numbering. */
const BEFORE_REFERENCE =
  /\b(?:sections?|articles?|clauses?|paragraphs?|schedules?|exhibits?|annex|appendix|nos?\.?)$/i;
/** …and a line ending in a preposition does so for a bare number ("…set forth in\n10.1 of"). */
const BEFORE_NUMBER = /\b(?:of|to|in|under|with|by|than|per|and|or)$/i;
/** A sub-clause's marker ((a), (iv), b.), as opposed to a section's (1.2, Section 5, ARTICLE IV). */
const SUB_CLAUSE = /^(?:\(|[a-zA-Z][.)]|[ivx]{1,4}[.)])/;
const MAX_HEADING_WORDS = 10;
const MIN_SEGMENT_WORDS = 2;
/** Heading lines among the first segments of the first page are title candidates too. */
const TITLE_ZONE = 10;
const DIVISION =
  /^(?:article|section|schedule|exhibit|annex|appendix|part)\s+[0-9ivxlc]+[a-z]?[.:]?$/i;

export function segmentDocument(pages: PageText[]): Segment[] {
  const segments: Segment[] = [];
  let current: SegmentPiece[] = [];
  let heading = '';
  let headingLines: string[] = [];
  let division = '';
  let lead = '';
  let leadPending = false;
  const textOf = new Map(pages.map((page) => [page.pageNumber, page.text]));

  const close = () => {
    const pieces = current.filter((piece) => piece.end > piece.start);
    current = [];
    if (pieces.length === 0) return;
    const text = pieces.map((piece) => textOf.get(piece.pageNumber)!.slice(piece.start, piece.end));
    const joined = text.join(' ');
    const words = joined.match(/[A-Za-z0-9]+/g)?.length ?? 0;
    if (words < MIN_SEGMENT_WORDS && !/[A-Za-z]{2}/.test(joined)) {
      // A bare number or marker: it starts the next segment instead of standing alone.
      current = pieces;
      return;
    }
    const outline = [division, leadPending ? '' : lead].filter(Boolean).join(' ');
    if (leadPending) {
      lead = joined;
      leadPending = false;
    }
    segments.push({ pieces, text: joined, heading, isTitle: false, outline });
  };
  const add = (pageNumber: number, start: number, end: number) => {
    const last = current.at(-1);
    if (last && last.pageNumber === pageNumber) last.end = end;
    else current.push({ pageNumber, start, end });
  };

  const lines = linesOf(pages);
  let previousLine = '';
  let inTitleZone = true;
  for (const [index, line] of lines.entries()) {
    if (line.text === '' || FURNITURE.test(line.text)) {
      if (line.text === '') close();
      continue;
    }
    const next = nextTextLine(lines, index);
    // A heading starts after a finished sentence (else it is a wrapped line of one).
    const previous = previousLine;
    previousLine = line.text;
    const midSentence = current.length > 0 && !/[:]$/.test(previous);
    if (!midSentence && isHeadingLine(line.text, next?.text)) {
      close();
      if (current.length === 0) {
        headingLines = [...headingLines, line.text];
        heading = headingLines.join(' ');
        division = heading;
        lead = '';
        if (DIVISION.test(line.text)) inTitleZone = false;
        if (
          inTitleZone &&
          line.pageNumber === pages[0]?.pageNumber &&
          segments.length < TITLE_ZONE
        ) {
          segments.push({
            pieces: [{ pageNumber: line.pageNumber, start: line.start, end: line.end }],
            text: line.text,
            heading: '',
            isTitle: true,
          });
        }
        continue;
      }
    }
    headingLines = [];
    const marker = continuesReference(previous, line.text) ? null : NUMBERING.exec(line.text);
    let from = 0;
    if (marker) {
      close();
      inTitleZone = false;
      if (!SUB_CLAUSE.test(marker[0])) {
        leadPending = true;
        lead = '';
      }
      const inline = inlineHeading(line.text.slice(marker[0].length));
      if (inline) {
        // "9.3 Governing Law. This Agreement…": the run-in heading is context, not span.
        heading = inline.text;
        from = skipSpaces(line.text, marker[0].length + inline.end);
      }
    }
    for (const end of sentenceEnds(line.text, next?.text)) {
      if (end <= from) continue;
      add(line.pageNumber, line.start + from, line.start + end);
      close();
      from = skipSpaces(line.text, end);
    }
    if (from < line.text.length) add(line.pageNumber, line.start + from, line.end);
  }
  close();
  return segments;
}

function continuesReference(previous: string, line: string): boolean {
  return BEFORE_REFERENCE.test(previous) || (BEFORE_NUMBER.test(previous) && !line.startsWith('('));
}

function nextTextLine(lines: Line[], index: number): Line | undefined {
  for (let i = index + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.text !== '' && !FURNITURE.test(line.text)) return line;
  }
  return undefined;
}

/** The page's lines, trimmed, with offsets into the page text. */
function linesOf(pages: PageText[]): Line[] {
  const lines: Line[] = [];
  for (const page of pages) {
    let start = 0;
    for (const raw of page.text.split('\n')) {
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      lines.push({
        pageNumber: page.pageNumber,
        start: start + lead,
        end: start + lead + text.length,
        text,
      });
      start += raw.length + 1;
    }
  }
  return lines;
}

/** A short line in capitals or title case that does not read as a sentence. */
export function isHeadingLine(text: string, next: string | undefined): boolean {
  if (DIVISION.test(text)) return true;
  const words = text.split(/\s+/);
  if (words.length > MAX_HEADING_WORDS || text.length > 90) return false;
  const body = text.replace(NUMBERING, '').trim();
  const letters = body.replace(/[^A-Za-z]/g, '');
  if (letters.length < 3) return false;
  if (/[,;]$/.test(body) || /\b(?:the|and|or|of|to)$/i.test(body)) return false;
  const upper = letters.replace(/[^A-Z]/g, '').length / letters.length;
  if (upper > 0.85) return true;
  if (/[.:]$/.test(body) && !/^[A-Z][A-Za-z]*(?:\s+[A-Z&][A-Za-z]*){0,5}\.$/.test(body))
    return false;
  const capitalised = body
    .split(/\s+/)
    .filter(
      (word) =>
        /^[A-Za-z]/.test(word) && !/^(?:of|and|or|the|to|in|for|on|a|an|by|with)$/.test(word),
    );
  const titleCase =
    capitalised.length > 0 &&
    !/[[\]]/.test(body) &&
    capitalised.every((word) => /^[A-Z]/.test(word));
  return (
    titleCase && next !== undefined && /^[A-Z0-9("“]/.test(next) && !/[.]$/.test(body.slice(0, -1))
  );
}

/** "Governing Law." at the start of "Governing Law. This Agreement…" (a run-in heading). */
function inlineHeading(rest: string): { text: string; end: number } | undefined {
  const match =
    /^\s*([A-Z][A-Za-z'’&/-]*(?:\s+(?:[A-Z][A-Za-z'’&/-]*|of|and|or|the|to|for|in|on|by|with|this|its|a|an|upon|from|as|at)){0,7})[.:](?=\s|$)/.exec(
      rest,
    );
  return match ? { text: match[1]!, end: match[0].length } : undefined;
}

/** Offsets just after each sentence end in the line (the line's own end included when it ends one). */
function sentenceEnds(text: string, nextLine: string | undefined): number[] {
  const ends: number[] = [];
  const pattern = /[.!?](?:["”’)\]]*)(?=\s+["“([]?[A-Z]|$)/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const end = match.index + match[0].length;
    const before = text.slice(0, match.index + 1);
    if (ABBREVIATION.test(before) || (/\d\.$/.test(before) && /^\s*\d/.test(text.slice(end))))
      continue;
    if (end === text.length) {
      if (nextLine === undefined || /^[a-z]/.test(nextLine)) continue;
      if (/^\d{1,3}(?:\.\d{1,3})*\.?$/.test(before.trim())) continue;
    }
    ends.push(end);
  }
  return ends;
}

function skipSpaces(text: string, from: number): number {
  let index = from;
  while (index < text.length && /\s/.test(text[index]!)) index++;
  return index;
}
