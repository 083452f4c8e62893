import { ListNumbering, formatNumber } from './docx-numbering.ts';
import {
  documentTitle,
  mainPartName,
  readXmlPart,
  relationships,
  targetsOfType,
  type Relationship,
} from './opc.ts';
import type { ParsedDocument } from './protocol.ts';
import { splitIntoSections, tidy } from './sections.ts';
import { child, elements, ownText, parseXml, path, type XmlElement } from './xml.ts';
import { ZipArchive } from './zip.ts';

/**
 * Word documents, read from their XML: list numbers as Word shows them ("4.2(b)"), headings set
 * apart, tables as `cell | cell` rows, text boxes, footnotes, comments, headers and footers.
 * Pages: when Word saved where its pages began (w:lastRenderedPageBreak), those are the pages;
 * otherwise sections of about 3,000 characters, also cut at explicit page breaks.
 */
const PAGE_BREAK = Symbol('page break');
type Piece = string | typeof PAGE_BREAK;
type StyleInfo = {
  name: string;
  basedOn?: string;
  numId?: string;
  level?: number;
  outline?: number;
};
type ParagraphContent = { label: string; pieces: Piece[]; boxes: XmlElement[]; heading: boolean };

export function parseDocx(data: Buffer, memoryMb: number): ParsedDocument {
  const zip = ZipArchive.open(data, memoryMb);
  const documentName = mainPartName(zip);
  const xml = zip.readText(documentName) ?? '';
  const reader = new DocxReader(zip, documentName, xml.includes('w:lastRenderedPageBreak'));
  const pages = reader.read(xml);
  return {
    engine: 'docx',
    pageCount: pages.length,
    pages: pages.map((text, i) => ({ number: i + 1, text })),
    title: documentTitle(zip),
  };
}

class DocxReader {
  private readonly zip: ZipArchive;
  private readonly renderedPages: boolean;
  private readonly styles: Map<string, StyleInfo>;
  private readonly numbering: ListNumbering;
  private readonly parts: Relationship[];
  private readonly writer = new PageWriter();
  private readonly noteNumbers = {
    footnote: new Map<string, number>(),
    endnote: new Map<string, number>(),
  };

  constructor(zip: ZipArchive, documentName: string, renderedPages: boolean) {
    this.zip = zip;
    this.renderedPages = renderedPages;
    this.parts = relationships(zip, documentName);
    const stylesName = targetsOfType(this.parts, 'styles')[0];
    this.styles = readStyles(stylesName ? readXmlPart(zip, stylesName) : undefined);
    const numberingName = targetsOfType(this.parts, 'numbering')[0];
    const styleNumIds = new Map(
      [...this.styles].flatMap(([id, style]) => (style.numId ? [[id, style.numId] as const] : [])),
    );
    this.numbering = new ListNumbering(
      numberingName ? readXmlPart(zip, numberingName) : undefined,
      styleNumIds,
    );
  }

  read(documentXml: string): string[] {
    const body = path(parseXml(documentXml), 'w:body');
    if (body) this.blocks(body);
    this.notes('footnote', 'Footnotes', (n) => String(n));
    this.notes('endnote', 'Endnotes', (n) => formatNumber(n, 'lowerRoman'));
    this.comments();
    this.headersAndFooters();
    const pages = this.writer.pages.map((blocks) => blocks.join('\n'));
    if (this.renderedPages) return pages.map(tidy);
    return pages.flatMap((page) => splitIntoSections(page.split('\n')));
  }

  private blocks(container: XmlElement): void {
    for (const node of elements(container)) {
      switch (node.name) {
        case 'w:p':
          this.paragraph(node);
          break;
        case 'w:tbl':
          this.table(node);
          break;
        case 'w:sdt':
          this.blocks(child(node, 'w:sdtContent') ?? node);
          break;
        case 'w:customXml':
        case 'w:ins':
        case 'w:moveTo':
          this.blocks(node);
          break;
        case 'mc:AlternateContent': {
          const choice = child(node, 'mc:Choice') ?? child(node, 'mc:Fallback');
          if (choice) this.blocks(choice);
          break;
        }
      }
    }
  }

  private paragraph(p: XmlElement): void {
    const props = child(p, 'w:pPr');
    if (isOn(child(props, 'w:pageBreakBefore'))) this.writer.breakPage();
    const content = this.paragraphContent(p);
    const segments = [''];
    for (const piece of content.pieces) {
      if (piece === PAGE_BREAK) segments.push('');
      else segments[segments.length - 1] += piece;
    }
    let label = content.label;
    segments.forEach((segment, index) => {
      if (index > 0) this.writer.breakPage();
      if (!segment.trim()) return;
      this.writer.add(label + segment, content.heading);
      label = '';
    });
    for (const box of content.boxes) this.blocks(box);
    const sectionType = path(props, 'w:sectPr', 'w:type')?.attrs['w:val'];
    if (child(props, 'w:sectPr') && sectionType !== 'continuous') this.writer.breakPage();
  }

  private paragraphContent(p: XmlElement): ParagraphContent {
    const props = child(p, 'w:pPr');
    const style = this.styleChain(child(props, 'w:pStyle')?.attrs['w:val']);
    const numPr = child(props, 'w:numPr');
    const numId = child(numPr, 'w:numId')?.attrs['w:val'] ?? style.numId;
    const level = Number(child(numPr, 'w:ilvl')?.attrs['w:val'] ?? style.level ?? 0);
    const outline = child(props, 'w:outlineLvl')?.attrs['w:val'];
    const heading =
      /^(heading [1-9]|title|subtitle)$/i.test(style.name) ||
      (outline !== undefined ? Number(outline) < 9 : (style.outline ?? 9) < 9);
    const pieces: Piece[] = [];
    const boxes: XmlElement[] = [];
    this.inline(p, pieces, boxes);
    const label = numId && numId !== '0' ? this.numbering.next(numId, level) : '';
    return { label, pieces, boxes, heading };
  }

  private inline(node: XmlElement, pieces: Piece[], boxes: XmlElement[]): void {
    for (const item of elements(node)) {
      switch (item.name) {
        case 'w:t':
        case 'm:t':
          pieces.push(ownText(item));
          break;
        case 'w:tab':
        case 'w:ptab':
          pieces.push('\t');
          break;
        case 'w:br': {
          const type = item.attrs['w:type'];
          if (type === 'page') pieces.push(PAGE_BREAK);
          else if (type !== 'column') pieces.push('\n');
          break;
        }
        case 'w:cr':
          pieces.push('\n');
          break;
        case 'w:noBreakHyphen':
          pieces.push('-');
          break;
        case 'w:lastRenderedPageBreak':
          if (this.renderedPages) pieces.push(PAGE_BREAK);
          break;
        case 'w:footnoteReference':
          pieces.push(`[${this.noteNumber('footnote', item.attrs['w:id'])}]`);
          break;
        case 'w:endnoteReference':
          pieces.push(
            `[${formatNumber(this.noteNumber('endnote', item.attrs['w:id']), 'lowerRoman')}]`,
          );
          break;
        case 'w:txbxContent':
          boxes.push(item);
          break;
        case 'mc:AlternateContent': {
          const choice = child(item, 'mc:Choice') ?? child(item, 'mc:Fallback');
          if (choice) this.inline(choice, pieces, boxes);
          break;
        }
        // Properties, deleted text and field instructions ("PAGE", "HYPERLINK …") are not text.
        case 'w:pPr':
        case 'w:rPr':
        case 'w:del':
        case 'w:moveFrom':
        case 'w:instrText':
        case 'w:delText':
        case 'w:sdtPr':
          break;
        default:
          this.inline(item, pieces, boxes);
      }
    }
  }

  private table(tbl: XmlElement): void {
    let rows: string[] = [];
    for (const tr of rowsOf(tbl)) {
      let breakInRow = false;
      const cells = elements(tr, 'w:tc').map((tc) => {
        const { text, pageBreak } = this.cellText(tc);
        breakInRow ||= pageBreak;
        return text;
      });
      if (breakInRow) {
        this.writer.addTable(rows);
        this.writer.breakPage();
        rows = [];
      }
      const row = joinCells(cells);
      if (row) rows.push(row);
    }
    this.writer.addTable(rows);
  }

  /** A cell's paragraphs and nested tables on one line. */
  private cellText(tc: XmlElement): { text: string; pageBreak: boolean } {
    const parts: string[] = [];
    let pageBreak = false;
    const visit = (container: XmlElement) => {
      for (const node of elements(container)) {
        if (node.name === 'w:p') {
          const content = this.paragraphContent(node);
          pageBreak ||= content.pieces.includes(PAGE_BREAK);
          const text = content.pieces.filter((piece) => piece !== PAGE_BREAK).join('');
          if (text.trim()) parts.push(content.label + text);
          content.boxes.forEach(visit);
        } else if (node.name === 'w:tbl') {
          const nested = rowsOf(node).map((tr) =>
            joinCells(elements(tr, 'w:tc').map((cell) => this.cellText(cell).text)),
          );
          parts.push(nested.filter(Boolean).join('; '));
        } else if (node.name === 'w:sdt' || node.name === 'w:customXml') {
          visit(child(node, 'w:sdtContent') ?? node);
        }
      }
    };
    visit(tc);
    return { text: tidy(parts.join(' ')).replace(/\n/g, ' '), pageBreak };
  }

  private noteNumber(kind: 'footnote' | 'endnote', id: string | undefined): number {
    const numbers = this.noteNumbers[kind];
    const key = id ?? '';
    if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
    return numbers.get(key)!;
  }

  /** Referenced footnotes or endnotes, in the order of their references. */
  private notes(kind: 'footnote' | 'endnote', heading: string, label: (n: number) => string): void {
    const numbers = this.noteNumbers[kind];
    const partName = targetsOfType(this.parts, `${kind}s`)[0];
    const part = numbers.size && partName ? readXmlPart(this.zip, partName) : undefined;
    if (!part) return;
    const texts = new Map(
      elements(part, `w:${kind}`).map((note) => [note.attrs['w:id'] ?? '', this.plainText(note)]),
    );
    const lines = [...numbers].flatMap(([id, n]) =>
      texts.get(id) ? [`[${label(n)}] ${texts.get(id)}`] : [],
    );
    if (lines.length) this.writer.add(`${heading}\n${lines.join('\n')}`, true);
  }

  private comments(): void {
    const partName = targetsOfType(this.parts, 'comments')[0];
    const part = partName ? readXmlPart(this.zip, partName) : undefined;
    if (!part) return;
    const lines = elements(part, 'w:comment').flatMap((comment) => {
      const text = this.plainText(comment);
      const author = comment.attrs['w:author'];
      return text ? [`- ${author ? `${author}: ` : ''}${text}`] : [];
    });
    if (lines.length) this.writer.add(`Comments\n${lines.join('\n')}`, true);
  }

  /** Each distinct header and footer once, at the end: they repeat on every printed page. */
  private headersAndFooters(): void {
    for (const kind of ['header', 'footer'] as const) {
      const label = kind === 'header' ? 'Header' : 'Footer';
      const texts = new Set<string>();
      for (const name of targetsOfType(this.parts, kind)) {
        const part = readXmlPart(this.zip, name);
        const text = part ? this.plainText(part) : '';
        if (text) texts.add(text);
      }
      for (const text of texts) this.writer.add(`${label}: ${text}`, false);
    }
  }

  /** Text of a note, comment or header part, on one line. */
  private plainText(container: XmlElement): string {
    return this.cellText(container).text;
  }

  private styleChain(styleId: string | undefined): StyleInfo {
    const merged: StyleInfo = { name: '' };
    let id = styleId;
    for (let depth = 0; id && depth < 20; depth++) {
      const style = this.styles.get(id);
      if (!style) break;
      merged.name ||= style.name;
      merged.numId ??= style.numId;
      merged.level ??= style.level;
      merged.outline ??= style.outline;
      id = style.basedOn;
    }
    return merged;
  }
}

/** Collects blocks into pages; consecutive page breaks make one break. */
class PageWriter {
  readonly pages: string[][] = [[]];
  private pendingBreak = false;

  add(text: string, heading: boolean): void {
    const clean = tidy(text);
    if (!clean) return;
    this.startPageIfBroken();
    this.pages.at(-1)!.push(heading ? `\n${clean}\n` : clean);
  }

  addTable(rows: string[]): void {
    if (!rows.length) return;
    this.startPageIfBroken();
    this.pages.at(-1)!.push(`\n${rows.join('\n')}\n`);
  }

  breakPage(): void {
    if (this.pages.at(-1)!.length) this.pendingBreak = true;
  }

  private startPageIfBroken(): void {
    if (!this.pendingBreak) return;
    this.pages.push([]);
    this.pendingBreak = false;
  }
}

function readStyles(styles: XmlElement | undefined): Map<string, StyleInfo> {
  const map = new Map<string, StyleInfo>();
  for (const style of styles ? elements(styles, 'w:style') : []) {
    const id = style.attrs['w:styleId'];
    if (!id) continue;
    const props = child(style, 'w:pPr');
    const level = path(props, 'w:numPr', 'w:ilvl')?.attrs['w:val'];
    const outline = child(props, 'w:outlineLvl')?.attrs['w:val'];
    map.set(id, {
      name: child(style, 'w:name')?.attrs['w:val'] ?? '',
      basedOn: child(style, 'w:basedOn')?.attrs['w:val'],
      numId: path(props, 'w:numPr', 'w:numId')?.attrs['w:val'],
      level: level === undefined ? undefined : Number(level),
      outline: outline === undefined ? undefined : Number(outline),
    });
  }
  return map;
}

function rowsOf(tbl: XmlElement): XmlElement[] {
  return elements(tbl).flatMap((node) =>
    node.name === 'w:tr'
      ? [node]
      : node.name === 'w:sdt' || node.name === 'w:customXml'
        ? elements(child(node, 'w:sdtContent') ?? node, 'w:tr')
        : [],
  );
}

/** Empty cells are left out: the row stays readable, and its words are what search needs. */
function joinCells(cells: string[]): string {
  return cells.filter(Boolean).join(' | ');
}

/** A WordprocessingML on/off property: present and not set to false. */
function isOn(property: XmlElement | undefined): boolean {
  const value = property?.attrs['w:val'];
  return property !== undefined && value !== 'false' && value !== '0' && value !== 'off';
}
