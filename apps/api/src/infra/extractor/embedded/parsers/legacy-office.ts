import WordExtractor from 'word-extractor';
import type { ParsedDocument } from './protocol.ts';
import { splitIntoSections } from './sections.ts';

/** Legacy Word (.doc, Word 97-2003): body, text boxes, notes, comments, headers and footers. */
export async function parseDoc(data: Buffer): Promise<ParsedDocument> {
  const document = await new WordExtractor().extract(data);
  const keep = { filterUnicode: false };
  const extras = [
    ['Text boxes', document.getTextboxes({ ...keep, includeHeadersAndFooters: false })],
    ['Footnotes', document.getFootnotes(keep)],
    ['Endnotes', document.getEndnotes(keep)],
    ['Comments', document.getAnnotations(keep)],
    ['Headers and footers', document.getHeaders({ ...keep, includeFooters: true })],
  ].flatMap(([label, text]) => (text!.trim() ? [`${label}\n${text!.trim()}`] : []));
  // Word marks page breaks with a form feed.
  const sections = [document.getBody(keep), ...extras]
    .join('\n')
    .split('\f')
    .flatMap((page) => splitIntoSections(page.split(/\r\n?|\n/)))
    .filter(Boolean);
  if (!sections.length) sections.push('');
  return {
    engine: 'word-extractor',
    pageCount: sections.length,
    pages: sections.map((text, i) => ({ number: i + 1, text })),
  };
}
