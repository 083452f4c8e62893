import type { ParsedDocument } from './protocol.ts';
import { splitIntoSections } from './sections.ts';

/** Plain text and Markdown, in sections of about 3,000 characters cut at line ends. */
export function parseText(data: Buffer): ParsedDocument {
  const sections = splitIntoSections(decodeText(data).split(/\r\n?|\n/));
  return {
    engine: 'text',
    pageCount: sections.length,
    pages: sections.map((text, i) => ({ number: i + 1, text })),
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
// WHATWG's "latin1" is windows-1252: Latin-1 plus the quotes and dashes Windows files contain.
const latin1 = new TextDecoder('windows-1252');

/** UTF-8 (BOM stripped) or UTF-16 with a BOM; anything that is not valid UTF-8 is read as Latin-1. */
export function decodeText(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data);
  try {
    return utf8.decode(data);
  } catch {
    return latin1.decode(data);
  }
}
