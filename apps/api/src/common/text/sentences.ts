/** A sentence, or a piece of an overlong one: `text.slice(start, end)`, without surrounding whitespace. */
export type Sentence = { start: number; end: number; words: number };

export type SentenceLimits = { maxWords: number; maxChars: number };

/** Words whose final period does not end a sentence (lower case, without that period). */
const ABBREVIATIONS = new Set([
  ...['e.g', 'i.e', 'cf', 'viz', 'vs', 'approx', 'incl', 'esp', 'ibid'],
  ...['inc', 'corp', 'co', 'ltd', 'llc', 'l.l.c', 'l.p', 'n.a', 's.a', 'b.v', 'n.v', 'bros'],
  ...['no', 'nos', 'sec', 'secs', 'art', 'arts', 'para', 'paras', 'cl', 'ch', 'pt', 'pts'],
  ...['ex', 'exh', 'sch', 'sched', 'fig', 'vol', 'pp', 'ref', 'dept', 'est', 'reg', 'regs'],
  ...['u.s', 'u.s.a', 'u.k', 'e.u', 'mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'jr', 'sr', 'messrs'],
  ...['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'],
]);

/** A terminator with the quotes or brackets closing it, before whitespace; or a blank line. */
const CANDIDATE = /[.!?]+["'”’)\]]*(?=\s)|\n[^\S\n]*\n/g;
const LOWER_CASE = /\p{Ll}/u;
const SINGLE_LETTER = /^\p{L}$/u;
/** "1", "1.2.3", "iv", "a", "(a)", "a)": a clause number opening a sentence, as in "1. Definitions". */
const CLAUSE_NUMBER = /^\(?(?:\d+(?:\.\d+)*|[ivxlc]+|\p{L})\)?$/iu;
const OPENING_PUNCTUATION = /^["'“‘([]+/;

/**
 * Splits `text.slice(from, to)` into sentences for legal prose: a period ends a sentence unless
 * it closes an abbreviation ("e.g.", "Inc.", "No.", "U.S."), an initial, or the clause number
 * opening the sentence, or unless lower case follows. Blank lines end sentences too. Sentences
 * longer than the limits are cut at whitespace.
 */
export function splitSentences(
  text: string,
  from: number,
  to: number,
  limits: SentenceLimits,
): Sentence[] {
  const sentences: Sentence[] = [];
  let start = skipSpace(text, from, to);
  CANDIDATE.lastIndex = start;
  for (let match = CANDIDATE.exec(text); match && match.index < to; match = CANDIDATE.exec(text)) {
    const blankLine = match[0].startsWith('\n');
    const end = blankLine ? match.index : match.index + match[0].length;
    if (end <= start || (!blankLine && !endsSentence(text, start, match.index, end, to))) continue;
    pushPieces(text, start, end, limits, sentences);
    start = skipSpace(text, end, to);
    CANDIDATE.lastIndex = Math.max(CANDIDATE.lastIndex, start);
  }
  if (start < to) pushPieces(text, start, to, limits, sentences);
  return sentences;
}

function endsSentence(
  text: string,
  sentenceStart: number,
  terminator: number,
  end: number,
  to: number,
): boolean {
  const next = skipSpace(text, end, to);
  if (next < to && LOWER_CASE.test(text[next]!)) return false;
  if (text[terminator] !== '.') return true;
  let wordStart = terminator;
  while (wordStart > sentenceStart && !isSpace(text.charCodeAt(wordStart - 1))) wordStart--;
  const word = text.slice(wordStart, terminator).replace(OPENING_PUNCTUATION, '').toLowerCase();
  if (ABBREVIATIONS.has(word) || SINGLE_LETTER.test(word)) return false;
  return !(wordStart === sentenceStart && CLAUSE_NUMBER.test(word));
}

/** Adds `text.slice(start, end)` (trimmed), cut at whitespace into pieces within the limits. */
function pushPieces(
  text: string,
  start: number,
  end: number,
  limits: SentenceLimits,
  into: Sentence[],
): void {
  let pieceStart = -1;
  let pieceEnd = start;
  let words = 0;
  let index = skipSpace(text, start, end);
  while (index < end) {
    let wordEnd = index + 1;
    while (wordEnd < end && !isSpace(text.charCodeAt(wordEnd))) wordEnd++;
    if (pieceStart >= 0 && (words === limits.maxWords || wordEnd - pieceStart > limits.maxChars)) {
      into.push({ start: pieceStart, end: pieceEnd, words });
      pieceStart = -1;
    }
    if (pieceStart < 0) {
      pieceStart = index;
      words = 0;
    }
    words++;
    pieceEnd = wordEnd;
    index = skipSpace(text, wordEnd, end);
  }
  if (pieceStart >= 0) into.push({ start: pieceStart, end: pieceEnd, words });
}

function skipSpace(text: string, from: number, to: number): number {
  let index = from;
  while (index < to && isSpace(text.charCodeAt(index))) index++;
  return index;
}

/** What `\s` matches, by character code: regular expressions are slower here, on every character. */
function isSpace(code: number): boolean {
  return code <= 0x20
    ? code === 0x20 || (code >= 0x09 && code <= 0x0d)
    : code === 0xa0 ||
        code === 0x1680 ||
        (code >= 0x2000 && code <= 0x200a) ||
        code === 0x2028 ||
        code === 0x2029 ||
        code === 0x202f ||
        code === 0x205f ||
        code === 0x3000 ||
        code === 0xfeff;
}
