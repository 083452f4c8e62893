import { formatNumber } from './docx-numbering.ts';
import {
  documentTitle,
  mainPartName,
  readXmlPart,
  relationships,
  targetsOfType,
  type Relationship,
} from './opc.ts';
import { checkHeap } from './problems.ts';
import type { ParsedDocument } from './protocol.ts';
import { tidy } from './sections.ts';
import { child, descendants, elements, ownText, path, type XmlElement } from './xml.ts';
import { ZipArchive } from './zip.ts';

/**
 * PowerPoint: one slide per page, in the presentation's order. Shapes are read top to bottom
 * and left to right (title first), inside groups too; tables as `cell | cell` rows; SmartArt
 * text; then the speaker notes as "Notes: …".
 */
type Point = { x: number; y: number };
type Placed = { at: Point | undefined; title: boolean; text: string };
/** Maps a shape's own coordinates to slide coordinates (groups scale and move their children). */
type Transform = (point: Point) => Point;

const identity: Transform = (point) => point;
/** Placeholders whose text is not content: slide image, slide number, date. */
const SKIPPED_PLACEHOLDERS = new Set(['sldImg', 'sldNum', 'dt']);

export function parsePptx(data: Buffer, memoryMb: number): ParsedDocument {
  const zip = ZipArchive.open(data, memoryMb);
  const presentationName = mainPartName(zip);
  const presentation = readXmlPart(zip, presentationName);
  const rels = relationships(zip, presentationName);
  const slideNames = elements(path(presentation, 'p:sldIdLst'), 'p:sldId').flatMap((slide) => {
    const rel = rels.find((candidate) => candidate.id === slide.attrs['r:id']);
    return rel && zip.has(rel.target) ? [rel.target] : [];
  });
  const pages = slideNames.map((name, index) => {
    checkHeap(memoryMb);
    return { number: index + 1, text: new SlideReader(zip, name).read() };
  });
  return { engine: 'pptx', pageCount: pages.length, pages, title: documentTitle(zip) };
}

class SlideReader {
  private readonly zip: ZipArchive;
  private readonly name: string;
  private readonly rels: Relationship[];
  private layoutPositions: Map<string, Point> | undefined;

  constructor(zip: ZipArchive, name: string) {
    this.zip = zip;
    this.name = name;
    this.rels = relationships(zip, name);
  }

  read(): string {
    const slide = readXmlPart(this.zip, this.name);
    const tree = path(slide, 'p:cSld', 'p:spTree');
    const placed = tree ? this.shapes(tree, identity) : [];
    const ordered = placed
      .map((item, order) => ({ ...item, order }))
      .sort(
        (a, b) => Number(b.title) - Number(a.title) || compareAt(a.at, b.at) || a.order - b.order,
      );
    const notes = this.notes();
    const blocks = ordered.map((item) => item.text);
    if (notes) blocks.push(`Notes: ${notes}`);
    return tidy(blocks.join('\n'));
  }

  private shapes(tree: XmlElement, transform: Transform): Placed[] {
    const placed: Placed[] = [];
    for (const node of elements(tree)) {
      switch (node.name) {
        case 'p:sp': {
          const text = textBody(child(node, 'p:txBody'));
          const placeholder = path(node, 'p:nvSpPr', 'p:nvPr', 'p:ph');
          const type = placeholder?.attrs['type'] ?? '';
          if (!text || SKIPPED_PLACEHOLDERS.has(type)) break;
          const own = offset(path(node, 'p:spPr', 'a:xfrm'));
          placed.push({
            at: own ? transform(own) : this.placeholderPosition(placeholder),
            title: type === 'title' || type === 'ctrTitle',
            text,
          });
          break;
        }
        case 'p:grpSp':
          placed.push(
            ...this.shapes(node, groupTransform(path(node, 'p:grpSpPr', 'a:xfrm'), transform)),
          );
          break;
        case 'p:graphicFrame': {
          const own = offset(child(node, 'p:xfrm'));
          const text = this.graphicText(path(node, 'a:graphic', 'a:graphicData'));
          if (text) placed.push({ at: own ? transform(own) : undefined, title: false, text });
          break;
        }
        case 'mc:AlternateContent': {
          const choice = child(node, 'mc:Choice') ?? child(node, 'mc:Fallback');
          if (choice) placed.push(...this.shapes(choice, transform));
          break;
        }
      }
    }
    return placed;
  }

  /** Tables, and SmartArt diagrams (whose text lives in their data part). */
  private graphicText(data: XmlElement | undefined): string {
    if (!data) return '';
    const table = child(data, 'a:tbl');
    if (table) {
      return elements(table, 'a:tr')
        .map((row) =>
          elements(row, 'a:tc')
            .map((cell) => textBody(child(cell, 'a:txBody')).replace(/\n/g, ' '))
            .filter(Boolean)
            .join(' | '),
        )
        .filter(Boolean)
        .join('\n');
    }
    const dataId = descendants(data, 'dgm:relIds')[0]?.attrs['r:dm'];
    const target = this.rels.find((rel) => rel.id === dataId)?.target;
    const diagram = target ? readXmlPart(this.zip, target) : undefined;
    return diagram ? descendants(diagram, 'a:p').map(paragraphText).filter(Boolean).join('\n') : '';
  }

  /** A placeholder without its own position sits where its layout (or master) puts it. */
  private placeholderPosition(placeholder: XmlElement | undefined): Point | undefined {
    if (!placeholder) return undefined;
    this.layoutPositions ??= this.readLayoutPositions();
    const idx = placeholder.attrs['idx'];
    return (
      (idx === undefined ? undefined : this.layoutPositions.get(`idx:${idx}`)) ??
      this.layoutPositions.get(`type:${placeholder.attrs['type'] ?? 'body'}`)
    );
  }

  private readLayoutPositions(): Map<string, Point> {
    const positions = new Map<string, Point>();
    const layoutName = targetsOfType(this.rels, 'slideLayout')[0];
    const masterName = layoutName
      ? targetsOfType(relationships(this.zip, layoutName), 'slideMaster')[0]
      : undefined;
    // The master first, so that the layout's own positions replace it.
    for (const name of [masterName, layoutName]) {
      const tree = name ? path(readXmlPart(this.zip, name), 'p:cSld', 'p:spTree') : undefined;
      for (const shape of tree ? descendants(tree, 'p:sp') : []) {
        const placeholder = path(shape, 'p:nvSpPr', 'p:nvPr', 'p:ph');
        const at = offset(path(shape, 'p:spPr', 'a:xfrm'));
        if (!placeholder || !at) continue;
        if (placeholder.attrs['idx'] !== undefined)
          positions.set(`idx:${placeholder.attrs['idx']}`, at);
        positions.set(`type:${placeholder.attrs['type'] ?? 'body'}`, at);
      }
    }
    return positions;
  }

  private notes(): string {
    const notesName = targetsOfType(this.rels, 'notesSlide')[0];
    const tree = notesName
      ? path(readXmlPart(this.zip, notesName), 'p:cSld', 'p:spTree')
      : undefined;
    if (!tree) return '';
    return descendants(tree, 'p:sp')
      .filter(
        (shape) =>
          !SKIPPED_PLACEHOLDERS.has(path(shape, 'p:nvSpPr', 'p:nvPr', 'p:ph')?.attrs['type'] ?? ''),
      )
      .map((shape) => textBody(child(shape, 'p:txBody')))
      .filter(Boolean)
      .join('\n');
  }
}

/** The paragraphs of a text body, with the bullets and numbers the paragraphs set themselves. */
function textBody(body: XmlElement | undefined): string {
  if (!body) return '';
  const lines: string[] = [];
  const counters = new Map<string, number>();
  for (const paragraph of elements(body, 'a:p')) {
    const text = paragraphText(paragraph);
    if (!text) continue;
    const props = child(paragraph, 'a:pPr');
    const autoNumber = child(props, 'a:buAutoNum');
    const bullet = child(props, 'a:buChar')?.attrs['char'];
    let label = '';
    if (autoNumber) {
      const key = `${props?.attrs['lvl'] ?? 0}:${autoNumber.attrs['type']}`;
      const value = counters.get(key) ?? Number(autoNumber.attrs['startAt'] ?? 1);
      counters.set(key, value + 1);
      label = `${autoNumberLabel(autoNumber.attrs['type'] ?? 'arabicPeriod', value)} `;
    } else if (bullet) {
      counters.clear();
      label =
        /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(bullet) && !/[\uf000-\uf0ff]/.test(bullet)
          ? `${bullet} `
          : '• ';
    }
    lines.push(label + text);
  }
  return tidy(lines.join('\n'));
}

function paragraphText(paragraph: XmlElement): string {
  const pieces = elements(paragraph).map((node) => {
    if (node.name === 'a:br') return '\n';
    return node.name === 'a:r' || node.name === 'a:fld' ? ownText(child(node, 'a:t')) : '';
  });
  return tidy(pieces.join(''));
}

/** DrawingML auto-numbering schemes such as arabicPeriod "1.", alphaLcParenR "a)", romanUcParenBoth "(I)". */
function autoNumberLabel(scheme: string, value: number): string {
  const match =
    /^(alphaLc|alphaUc|arabic|romanLc|romanUc)(ParenBoth|ParenR|Period|Plain|Minus)?/.exec(scheme);
  const formats: Record<string, string> = {
    alphaLc: 'lowerLetter',
    alphaUc: 'upperLetter',
    arabic: 'decimal',
    romanLc: 'lowerRoman',
    romanUc: 'upperRoman',
  };
  const number = formatNumber(value, formats[match?.[1] ?? 'arabic'] ?? 'decimal');
  switch (match?.[2]) {
    case 'ParenBoth':
      return `(${number})`;
    case 'ParenR':
      return `${number})`;
    case 'Plain':
      return number;
    case 'Minus':
      return `- ${number} -`;
    case undefined:
    default:
      return `${number}.`;
  }
}

function offset(xfrm: XmlElement | undefined): Point | undefined {
  const off = child(xfrm, 'a:off');
  return off ? { x: Number(off.attrs['x'] ?? 0), y: Number(off.attrs['y'] ?? 0) } : undefined;
}

function groupTransform(xfrm: XmlElement | undefined, outer: Transform): Transform {
  const off = offset(xfrm);
  const ext = child(xfrm, 'a:ext');
  const chOff = child(xfrm, 'a:chOff');
  const chExt = child(xfrm, 'a:chExt');
  if (!off || !chOff) return outer;
  const scale = (extent: string | undefined, childExtent: string | undefined) =>
    Number(childExtent) > 0 ? Number(extent) / Number(childExtent) : 1;
  const sx = scale(ext?.attrs['cx'], chExt?.attrs['cx']);
  const sy = scale(ext?.attrs['cy'], chExt?.attrs['cy']);
  const cx = Number(chOff.attrs['x'] ?? 0);
  const cy = Number(chOff.attrs['y'] ?? 0);
  return (point) => outer({ x: off.x + (point.x - cx) * sx, y: off.y + (point.y - cy) * sy });
}

/**
 * Top to bottom, then left to right; shapes whose tops are within a small distance count as one
 * row. Shapes without a known position keep their place after the placed ones.
 */
function compareAt(a: Point | undefined, b: Point | undefined): number {
  if (!a || !b) return Number(!a) - Number(!b);
  const sameRow = Math.abs(a.y - b.y) < 100_000; // EMU: about 0.1 inch
  return sameRow ? a.x - b.x : a.y - b.y;
}
