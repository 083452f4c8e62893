/** `[3]`, `[1, 2]`, `[2-4]`, `[1; 3]`: what an answer may write to cite passages. */
const MARKER = /(\s*)\[\s*(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\s*\]/g;
/** The start of something that may still become a marker once more text arrives. */
const OPEN_MARKER = /\[[\d\s,;–-]{0,24}$/;
const MAX_RANGE = 10;

/** The passage numbers a marker's inside names, in order, without repeats. */
function numbersIn(inside: string): number[] {
  const numbers: number[] = [];
  for (const part of inside.split(/\s*[,;]\s*/)) {
    const [from, to] = part.split(/\s*[–-]\s*/).map(Number);
    const last = to !== undefined && to >= from! && to - from! < MAX_RANGE ? to : from!;
    for (let n = from!; n <= last; n++) if (!numbers.includes(n)) numbers.push(n);
  }
  return numbers;
}

/**
 * Rewrites every citation marker of `text` as one `[n]` per passage, keeping only the numbers in
 * `valid`: a citation of a passage that was never given disappears, with the space before it.
 */
export function keepValidMarkers(text: string, valid: ReadonlySet<number>): string {
  return text.replace(MARKER, (_marker, space: string, inside: string) => {
    const kept = numbersIn(inside).filter((n) => valid.has(n));
    return kept.length === 0 ? '' : space + kept.map((n) => `[${n}]`).join('');
  });
}

/** The passage numbers cited in an answer (already cleaned by `keepValidMarkers`), in order of first use. */
export function citedNumbers(answer: string): number[] {
  const numbers: number[] = [];
  for (const match of answer.matchAll(/\[(\d+)\]/g)) {
    const n = Number(match[1]);
    if (!numbers.includes(n)) numbers.push(n);
  }
  return numbers;
}

/**
 * Cleans a streamed answer piece by piece: text is let through as soon as it cannot be part of a
 * marker, so a phantom `[7]` is removed before any of it reaches the client, and the stream
 * stays live (only a trailing `[1, ` or whitespace is held back).
 */
export class CitationMarkerFilter {
  private pending = '';

  constructor(private readonly valid: ReadonlySet<number>) {}

  push(piece: string): string {
    const text = keepValidMarkers(this.pending + piece, this.valid);
    const open = OPEN_MARKER.exec(text);
    let cut = open ? open.index : text.length;
    while (cut > 0 && /\s/.test(text[cut - 1]!)) cut--;
    this.pending = text.slice(cut);
    return text.slice(0, cut);
  }

  /** What is left once the answer has ended. */
  end(): string {
    const rest = keepValidMarkers(this.pending, this.valid);
    this.pending = '';
    return rest;
  }
}
