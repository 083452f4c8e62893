/** Target size of a section when a format has no pages of its own (docx, text, legacy .doc). */
const SECTION_CHARS = 3000;

/**
 * Joins blocks (paragraphs, lines) into sections of at most about `size` characters, breaking
 * only between blocks; a block longer than that is cut at a line break or a space. Always
 * returns at least one section, so an empty document still has a (blank) page 1.
 */
export function splitIntoSections(blocks: string[], size = SECTION_CHARS): string[] {
  const sections: string[] = [];
  let current = '';
  for (const block of blocks) {
    for (const piece of block.length > size ? cut(block, size) : [block]) {
      if (current && current.length + 1 + piece.length > size) {
        sections.push(current);
        current = piece;
      } else {
        current = current ? `${current}\n${piece}` : piece;
      }
    }
  }
  const tidied = [...sections, current].map(tidy).filter(Boolean);
  return tidied.length ? tidied : [''];
}

function cut(block: string, size: number): string[] {
  const pieces: string[] = [];
  let rest = block;
  while (rest.length > size) {
    const window = rest.slice(0, size);
    let at = window.lastIndexOf('\n');
    if (at < size / 2) at = window.lastIndexOf(' ');
    if (at < size / 2) at = size;
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^[\n ]/, '');
  }
  pieces.push(rest);
  return pieces;
}

/**
 * Readable plain text: one space between words, no spaces at line ends, at most one blank line
 * in a row, no control characters.
 */
export function tidy(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .replace(/[\t\f\v\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f\u200b\ufeff]/g, '')
      .replace(/ {2,}/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
