import { isOleContainer, type Cfb } from './ole.ts';
import {
  FileProblem,
  checkHeap,
  corruptFile,
  isAllocationFailure,
  passwordProtected,
  shortDetail,
} from './problems.ts';
import type { ParsedDocument } from './protocol.ts';
import { tidy } from './sections.ts';

/**
 * Legacy PowerPoint (.ppt, PowerPoint 97-2003), read from its OLE container as [MS-PPT]
 * describes it: one page per slide in the presentation's order; on each, the text of its shapes
 * (title first, then top to bottom and left to right, groups and table cells included), then
 * the speaker notes as "Notes: …", as for .pptx.
 *
 * Slides are found the way PowerPoint finds them: the Current User stream points at the last
 * edit, whose persist directory, merged with those of earlier (incremental) saves, maps the
 * presentation's persist ids to record offsets in the PowerPoint Document stream.
 */

const ENCRYPTED_HEADER_TOKEN = 0xf3d1c4df;
/** Deeper nesting than any real drawing: a hostile file's would only exhaust the stack. */
const MAX_DEPTH = 64;

const RecordType = {
  document: 0x03e8,
  slide: 0x03ee,
  slideAtom: 0x03ef,
  notes: 0x03f0,
  slidePersistAtom: 0x03f3,
  placeholderAtom: 0x0bc3,
  outlineTextRefAtom: 0x0f9e,
  textHeaderAtom: 0x0f9f,
  textCharsAtom: 0x0fa0,
  textBytesAtom: 0x0fa8,
  slideListWithText: 0x0ff0,
  userEditAtom: 0x0ff5,
  currentUserAtom: 0x0ff6,
  persistDirectoryAtom: 0x1772,
  drawingGroup: 0xf003,
  shape: 0xf004,
  clientTextbox: 0xf00d,
  clientAnchor: 0xf010,
  clientData: 0xf011,
} as const;

/** SlideListWithText instances: the slides' list and the notes' list. */
const SLIDES_LIST = 0;
const NOTES_LIST = 2;

/** TextHeaderAtom text types of titles (Tx_TYPE_TITLE, Tx_TYPE_CENTERTITLE). */
const TITLE_TEXT_TYPES = new Set([0, 6]);
/** Placeholder types of titles: master title, master centre title, title, centre title, vertical title. */
const TITLE_PLACEHOLDERS = new Set([0x01, 0x03, 0x0d, 0x0f, 0x11]);
/** Placeholders whose text is not content: slide images (on notes), date, slide number. */
const SKIPPED_PLACEHOLDERS = new Set([0x05, 0x07, 0x08, 0x0b]);

/** A record's header, and where its data lies in the stream. */
type PptRecord = { type: number; instance: number; container: boolean; start: number; end: number };

/** One text of a slide's list: placeholders' text that shapes refer to by index. */
type ListedText = { text: string; title: boolean };
type ListEntry = { persistIdRef: number; id: number; texts: ListedText[] };

type ShapeText = { text: string; title: boolean; top: number; left: number };

export async function parsePpt(data: Buffer, memoryMb: number): Promise<ParsedDocument> {
  if (!isOleContainer(data)) {
    throw corruptFile('this is not a PowerPoint 97-2003 presentation (no OLE container)');
  }
  const sheetjs = await import('@e965/xlsx');
  const { stream, currentEdit } = openPresentation(sheetjs.CFB as Cfb, data);
  const presentation = new Presentation(stream, currentEdit);
  const pages = presentation.slides().map((slide, index) => {
    checkHeap(memoryMb);
    return { number: index + 1, text: presentation.slideText(slide) };
  });
  return { engine: 'ppt', pageCount: pages.length, pages };
}

/** The PowerPoint Document stream and the offset of its last edit (from the Current User stream). */
function openPresentation(cfb: Cfb, data: Buffer): { stream: Buffer; currentEdit: number } {
  let container: unknown;
  try {
    container = cfb.read(data, { type: 'buffer' });
  } catch (error) {
    if (isAllocationFailure(error)) throw error;
    // SheetJS's own checks name what is wrong; a JavaScript error would only confuse.
    throw corruptFile(
      error instanceof TypeError || error instanceof RangeError
        ? 'its OLE container is damaged or cut short'
        : `its OLE container is damaged (${shortDetail(error)})`,
    );
  }
  const find = (name: string) => {
    const content = cfb.find(container, name)?.content;
    return content?.length ? Buffer.from(content.buffer, content.byteOffset, content.length) : null;
  };
  if (find('EncryptedSummary') || find('EncryptionInfo') || find('EncryptedPackage')) {
    throw passwordProtected();
  }
  const stream = find('PowerPoint Document');
  if (!stream) {
    throw corruptFile('it has no PowerPoint document stream (is it another kind of Office file?)');
  }
  const currentUser = find('Current User');
  if (!currentUser || currentUser.length < 20) {
    throw corruptFile('its Current User stream is missing or cut short');
  }
  if (currentUser.readUInt16LE(2) !== RecordType.currentUserAtom) {
    throw corruptFile('its Current User stream is damaged');
  }
  if (currentUser.readUInt32LE(12) === ENCRYPTED_HEADER_TOKEN) {
    throw passwordProtected();
  }
  return { stream, currentEdit: currentUser.readUInt32LE(16) };
}

class Presentation {
  private readonly stream: Buffer;
  /** Persist id → offset of its record in the stream. */
  private readonly offsets = new Map<number, number>();
  private readonly slideList: ListEntry[];
  /** Notes id → the notes' list entry. */
  private readonly notesList: Map<number, ListEntry>;

  constructor(stream: Buffer, currentEdit: number) {
    this.stream = stream;
    const documentRef = this.readPersistDirectories(currentEdit);
    const document = this.persisted(documentRef, RecordType.document, 'the document record');
    const lists = this.children(document).filter(
      (record) => record.type === RecordType.slideListWithText,
    );
    const list = (instance: number) =>
      lists.filter((record) => record.instance === instance).flatMap((record) => this.list(record));
    this.slideList = list(SLIDES_LIST);
    this.notesList = new Map(list(NOTES_LIST).map((entry) => [entry.id, entry]));
  }

  slides(): ListEntry[] {
    return this.slideList;
  }

  slideText(entry: ListEntry): string {
    const slide = this.persisted(entry.persistIdRef, RecordType.slide, 'a slide');
    const parts = [this.shapesText(slide, entry.texts)];
    const notes = this.notesOf(slide);
    if (notes) parts.push(`Notes: ${notes}`);
    return parts.filter(Boolean).join('\n\n');
  }

  /**
   * The slide's notes page text, if it has one. A notes page that is missing or damaged is left
   * out rather than failing the slides.
   */
  private notesOf(slide: PptRecord): string {
    const atom = this.children(slide).find((record) => record.type === RecordType.slideAtom);
    if (!atom || atom.end - atom.start < 20) return '';
    const entry = this.notesList.get(this.stream.readUInt32LE(atom.start + 16));
    if (!entry) return '';
    try {
      const notes = this.persisted(entry.persistIdRef, RecordType.notes, 'a notes page');
      return this.shapesText(notes, entry.texts);
    } catch (error) {
      if (error instanceof FileProblem) return '';
      throw error;
    }
  }

  /**
   * The text of a slide's (or notes page's) shapes: titles first, then by position. Shapes that
   * refer to the list's texts get them from there; list texts no shape refers to come last.
   */
  private shapesText(page: PptRecord, listed: ListedText[]): string {
    const shapes: ShapeText[] = [];
    const used = new Set<number>();
    const drawing = this.descendants(page).find(
      (record) => record.type === RecordType.drawingGroup,
    );
    for (const topLevel of drawing ? this.children(drawing) : []) {
      const anchor = this.anchorOf(topLevel);
      for (const shape of this.shapesIn(topLevel)) {
        const text = this.shapeText(shape, listed, used);
        if (text?.text) shapes.push({ ...text, ...anchor });
      }
    }
    const known = new Set(shapes.map((shape) => shape.text));
    listed.forEach((entry, index) => {
      if (!used.has(index) && entry.text && !known.has(entry.text)) {
        shapes.push({ ...entry, top: Infinity, left: Infinity });
      }
    });
    return shapes
      .map((shape, order) => ({ shape, order }))
      .sort(
        (a, b) =>
          Number(b.shape.title) - Number(a.shape.title) ||
          a.shape.top - b.shape.top ||
          a.shape.left - b.shape.left ||
          a.order - b.order,
      )
      .map(({ shape }) => shape.text)
      .join('\n');
  }

  /** A shape's text: its own text atoms, or the list text its outline reference points at. */
  private shapeText(shape: PptRecord, listed: ListedText[], used: Set<number>) {
    const parts = this.children(shape);
    const placeholder = this.placeholderType(parts);
    if (placeholder !== undefined && SKIPPED_PLACEHOLDERS.has(placeholder)) return undefined;
    const textbox = parts.find((record) => record.type === RecordType.clientTextbox);
    if (!textbox) return undefined;
    let title = placeholder !== undefined && TITLE_PLACEHOLDERS.has(placeholder);
    const texts: string[] = [];
    for (const record of this.children(textbox)) {
      if (record.type === RecordType.textHeaderAtom && record.end - record.start >= 4) {
        title ||= TITLE_TEXT_TYPES.has(this.stream.readUInt32LE(record.start));
      } else if (record.type === RecordType.outlineTextRefAtom && record.end - record.start >= 4) {
        const index = this.stream.readInt32LE(record.start);
        const entry = listed[index];
        if (!entry) continue;
        used.add(index);
        title ||= entry.title;
        texts.push(entry.text);
      } else {
        const text = this.textOf(record);
        if (text !== undefined) texts.push(text);
      }
    }
    return { text: tidy(texts.join('\n')), title };
  }

  /** The PlaceholderAtom's type in the shape's client data, if it is a placeholder. */
  private placeholderType(parts: PptRecord[]): number | undefined {
    const clientData = parts.find((record) => record.type === RecordType.clientData);
    const atom = clientData
      ? this.children(clientData).find((record) => record.type === RecordType.placeholderAtom)
      : undefined;
    return atom && atom.end - atom.start >= 5 ? this.stream.readUInt8(atom.start + 4) : undefined;
  }

  /** A top-level shape's (or group's) place on the slide; groups keep their shapes' order within. */
  private anchorOf(topLevel: PptRecord): { top: number; left: number } {
    const shape =
      topLevel.type === RecordType.shape
        ? topLevel
        : this.children(topLevel).find((record) => record.type === RecordType.shape);
    const anchor = shape
      ? this.children(shape).find((record) => record.type === RecordType.clientAnchor)
      : undefined;
    if (!anchor) return { top: Infinity, left: Infinity };
    // An anchor is four 16-bit (top, left, right, bottom) or four 32-bit (left, top, …) numbers.
    if (anchor.end - anchor.start >= 16) {
      return {
        left: this.stream.readInt32LE(anchor.start),
        top: this.stream.readInt32LE(anchor.start + 4),
      };
    }
    if (anchor.end - anchor.start >= 8) {
      return {
        top: this.stream.readInt16LE(anchor.start),
        left: this.stream.readInt16LE(anchor.start + 2),
      };
    }
    return { top: Infinity, left: Infinity };
  }

  /** The shapes of a top-level shape or group, in drawing order. */
  private shapesIn(record: PptRecord): PptRecord[] {
    if (record.type === RecordType.shape) return [record];
    return this.descendants(record).filter((child) => child.type === RecordType.shape);
  }

  /** A SlideListWithText: each SlidePersistAtom followed by the texts of its placeholders. */
  private list(record: PptRecord): ListEntry[] {
    const entries: ListEntry[] = [];
    let title = false;
    for (const child of this.children(record)) {
      if (child.type === RecordType.slidePersistAtom) {
        if (child.end - child.start < 16) throw corruptFile('a slide reference is cut short');
        entries.push({
          persistIdRef: this.stream.readUInt32LE(child.start),
          id: this.stream.readUInt32LE(child.start + 12),
          texts: [],
        });
        continue;
      }
      const entry = entries.at(-1);
      if (!entry) continue;
      if (child.type === RecordType.textHeaderAtom && child.end - child.start >= 4) {
        title = TITLE_TEXT_TYPES.has(this.stream.readUInt32LE(child.start));
        continue;
      }
      const text = this.textOf(child);
      if (text !== undefined) entry.texts.push({ text: tidy(text), title });
    }
    return entries;
  }

  /** The text of a TextCharsAtom (UTF-16) or TextBytesAtom (one byte per character). */
  private textOf(record: PptRecord): string | undefined {
    let text: string;
    if (record.type === RecordType.textCharsAtom) {
      text = this.stream.toString(
        'utf16le',
        record.start,
        record.end - ((record.end - record.start) % 2),
      );
    } else if (record.type === RecordType.textBytesAtom) {
      text = this.stream.toString('latin1', record.start, record.end);
    } else {
      return undefined;
    }
    // Paragraphs end with a carriage return, line breaks are vertical tabs; '*' alone is a field.
    text = text.replace(/[\r\v]/g, '\n');
    return text.trim() === '*' ? '' : text;
  }

  /**
   * Reads the persist directories from the last edit back to the first; a later edit's offset
   * for a persist id wins. Returns the document record's persist id.
   */
  private readPersistDirectories(currentEdit: number): number {
    let documentRef: number | undefined;
    const seen = new Set<number>();
    for (let edit = currentEdit; ;) {
      if (seen.has(edit)) throw corruptFile('its edit history loops');
      seen.add(edit);
      const atom = this.recordAt(edit, 'an edit record');
      if (atom.type !== RecordType.userEditAtom || atom.end - atom.start < 28) {
        throw corruptFile('an edit record is damaged');
      }
      if (documentRef === undefined && atom.end - atom.start >= 32) {
        // Only encrypted presentations name an encryption session.
        if (this.stream.readUInt32LE(atom.start + 28) !== 0) throw passwordProtected();
      }
      documentRef ??= this.stream.readUInt32LE(atom.start + 16);
      this.readPersistDirectory(this.stream.readUInt32LE(atom.start + 12));
      const previous = this.stream.readUInt32LE(atom.start + 8);
      if (previous === 0) return documentRef;
      edit = previous;
    }
  }

  private readPersistDirectory(offset: number): void {
    const directory = this.recordAt(offset, 'the persist directory');
    if (directory.type !== RecordType.persistDirectoryAtom) {
      throw corruptFile('its persist directory is damaged');
    }
    for (let at = directory.start; at + 4 <= directory.end;) {
      const entry = this.stream.readUInt32LE(at);
      const first = entry & 0xfffff;
      const count = entry >>> 20;
      at += 4;
      for (let k = 0; k < count && at + 4 <= directory.end; k += 1, at += 4) {
        if (!this.offsets.has(first + k)) this.offsets.set(first + k, this.stream.readUInt32LE(at));
      }
    }
  }

  /** The record a persist id points at, which must be of `type`. */
  private persisted(persistId: number, type: number, what: string): PptRecord {
    const offset = this.offsets.get(persistId);
    if (offset === undefined) throw corruptFile(`${what} is missing`);
    const record = this.recordAt(offset, what);
    if (record.type !== type) throw corruptFile(`${what} is damaged`);
    return record;
  }

  private recordAt(offset: number, what: string): PptRecord {
    if (offset + 8 > this.stream.length) throw corruptFile(`${what} lies past the end of the file`);
    const versionAndInstance = this.stream.readUInt16LE(offset);
    const start = offset + 8;
    const end = start + this.stream.readUInt32LE(offset + 4);
    if (end > this.stream.length) throw corruptFile(`${what} runs past the end of the file`);
    return {
      type: this.stream.readUInt16LE(offset + 2),
      instance: versionAndInstance >>> 4,
      container: (versionAndInstance & 0xf) === 0xf,
      start,
      end,
    };
  }

  private children(record: PptRecord): PptRecord[] {
    if (!record.container) return [];
    const children: PptRecord[] = [];
    for (let at = record.start; at + 8 <= record.end;) {
      const child = this.recordAt(at, 'a record');
      if (child.end > record.end) throw corruptFile('a record runs past the end of its container');
      children.push(child);
      at = child.end;
    }
    return children;
  }

  /** Every record inside `record`, depth first, in stream order. */
  private descendants(record: PptRecord, depth = 0): PptRecord[] {
    if (depth > MAX_DEPTH) throw corruptFile('its records are nested too deeply');
    return this.children(record).flatMap((child) => [child, ...this.descendants(child, depth + 1)]);
  }
}
