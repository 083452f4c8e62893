import { splitIntoSections, tidy } from '../embedded/parsers/sections.js';
import {
  descendants,
  elements,
  parseXml,
  type XmlElement,
  type XmlNode,
} from '../embedded/parsers/xml.js';

/**
 * Pages from the XHTML Tika 3.x returns: one `div.page` per PDF page; for presentations one
 * `div.slide-content` per slide, followed by that slide's notes; otherwise the body's text in
 * sections of about 3,000 characters.
 */
const BLOCKS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'ul',
  'ol',
  'table',
  'tr',
  'thead',
  'tbody',
  'pre',
  'blockquote',
  'section',
  'dt',
  'dd',
]);
const SKIPPED = new Set(['script', 'style', 'head']);

export type TikaDocument = { pages: string[]; title?: string };

export function readTikaXhtml(xhtml: string): TikaDocument {
  const html = parseXml(xhtml);
  const body = descendants(html, 'body')[0];
  const title =
    descendants(html, 'title')
      .map((element) => elementText(element))
      .join(' ')
      .trim() || metaTitle(html);
  if (!body) return { pages: [''], title };
  const pdfPages = descendants(body, 'div').filter((div) => hasClass(div, 'page'));
  if (pdfPages.length) return { pages: pdfPages.map(elementText), title };
  if (elements(body, 'div').some((div) => hasClass(div, 'slide-content')))
    return { pages: slides(body), title };
  return { pages: splitIntoSections(elementText(body).split('\n')), title };
}

function slides(body: XmlElement): string[] {
  const pages: string[][] = [];
  for (const node of elements(body)) {
    if (hasClass(node, 'slide-content')) pages.push([]);
    const page = pages.at(-1);
    if (!page || hasClass(node, 'slide-master-content')) continue;
    const text = elementText(node);
    if (text) page.push(hasClass(node, 'slide-notes') ? `Notes: ${text}` : text);
  }
  return pages.map((page) => page.join('\n'));
}

/** Text with each block element on its own line and a table row's cells joined by " | ". */
function elementText(element: XmlElement): string {
  let text = '';
  const visit = (node: XmlNode) => {
    if (typeof node === 'string') {
      text += node.replace(/[ \t\r]+/g, ' ');
    } else if (node.name === 'tr') {
      const cells = elements(node).map((cell) => elementText(cell).replace(/\n/g, ' '));
      text += `\n${cells.filter(Boolean).join(' | ')}\n`;
    } else if (node.name === 'br') {
      text += '\n';
    } else if (!SKIPPED.has(node.name)) {
      const block = BLOCKS.has(node.name) ? '\n' : '';
      text += block;
      node.children.forEach(visit);
      text += block;
    }
  };
  element.children.forEach(visit);
  return tidy(text).replace(/\n+/g, '\n');
}

function hasClass(element: XmlElement, name: string): boolean {
  return (element.attrs['class'] ?? '').split(/\s+/).includes(name);
}

function metaTitle(html: XmlElement): string | undefined {
  const meta = descendants(html, 'meta').find((element) => element.attrs['name'] === 'dc:title');
  return meta?.attrs['content']?.trim() || undefined;
}
