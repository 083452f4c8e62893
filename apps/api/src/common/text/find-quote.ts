export type Span = { start: number; end: number };

/**
 * Where `quote` occurs in `text.slice(from, to)`, ignoring differences in whitespace (a quote
 * copied into an answer has its line breaks flattened): the span of the original text, whose
 * non-space characters are exactly the quote's. Case-sensitive; null when it does not occur.
 */
export function findQuote(text: string, quote: string, from = 0, to = text.length): Span | null {
  const needle = quote.trim().replace(/\s+/g, ' ');
  if (!needle) return null;
  const { flat, origin } = flatten(text, from, to);
  const at = flat.indexOf(needle);
  if (at < 0) return null;
  return { start: origin[at]!, end: origin[at + needle.length - 1]! + 1 };
}

/** `text.slice(from, to)` with each run of whitespace as one space, and where each character came from. */
function flatten(text: string, from: number, to: number): { flat: string; origin: number[] } {
  let flat = '';
  const origin: number[] = [];
  let inSpace = false;
  for (let index = from; index < to; index++) {
    const char = text[index]!;
    if (/\s/.test(char)) {
      if (!inSpace && flat.length > 0) {
        flat += ' ';
        origin.push(index);
      }
      inSpace = true;
    } else {
      flat += char;
      origin.push(index);
      inSpace = false;
    }
  }
  return { flat, origin };
}
