import path from 'node:path';
import { type FormatFamily, formatByExtension, SUPPORTED_FORMATS } from '@clearroom/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { MARKUP_SNIFF_BYTES, spreadsheetMarkup } from '../../../common/spreadsheet-markup.js';

/**
 * How much of a file detection reads: the magic numbers are in the first bytes, text is judged on
 * its first 64 KB, and an Office file's zip names its parts ([Content_Types].xml) near its start.
 */
export const DETECTION_HEAD_BYTES = 1024 * 1024;

export type AcceptedType = { accepted: true; mimeType: string; extension: string };
export type RejectedType = { accepted: false; reason: string };

type Family = FormatFamily;

/** What file-type's magic-byte detection can name, by its MIME type. */
const BY_DETECTED_MIME: Record<string, { extension: string; family: Family }> = Object.fromEntries(
  ['pdf', 'docx', 'xlsx', 'pptx', 'jpg', 'png', 'tif'].map((extension) => {
    const format = formatByExtension(extension)!;
    return [format.mimeTypes[0]!, { extension: format.extensions[0]!, family: format.family }];
  }),
);

/** Legacy Office files share one container format: the name says which one it is. */
const LEGACY_OFFICE: Record<string, { mimeType: string; family: Family }> = Object.fromEntries(
  ['doc', 'xls', 'ppt'].map((extension) => {
    const format = formatByExtension(extension)!;
    return [extension, { mimeType: format.mimeTypes[0]!, family: format.family }];
  }),
);

/** Text formats can only be told apart by their names. */
const TEXT_TYPES: Record<string, string> = Object.fromEntries(
  SUPPORTED_FORMATS.filter((format) => format.family === 'text').flatMap((format) =>
    format.extensions.map((extension) => [extension, format.mimeTypes[0]!]),
  ),
);

/** Office Open XML files are zip archives: the name says which one it is. */
const OOXML_BY_EXTENSION: Record<string, string> = Object.fromEntries(
  ['docx', 'xlsx', 'pptx'].map((extension) => [
    extension,
    formatByExtension(extension)!.mimeTypes[0]!,
  ]),
);

/** The family a name's extension promises, for the formats accepted on upload. */
const FAMILY_BY_EXTENSION: Record<string, Family> = Object.fromEntries(
  SUPPORTED_FORMATS.flatMap((format) =>
    format.extensions.map((extension) => [extension, format.family]),
  ),
);

const FAMILY_NAMES: Record<Family, string> = {
  pdf: 'a PDF',
  word: 'a Word document',
  spreadsheet: 'a spreadsheet',
  presentation: 'a PowerPoint presentation',
  text: 'plain text',
  image: 'an image',
};

const SUPPORTED =
  'Upload PDF, Word, Excel, PowerPoint, text, Markdown, CSV, JPEG, PNG or TIFF files.';

const TEXT_SAMPLE_BYTES = 64 * 1024;

/**
 * Decides a file's type from its first bytes (magic numbers; at most DETECTION_HEAD_BYTES are
 * read), never from what the browser claims; the name only separates formats that share a
 * container (zip, CFB, plain text), and a name that contradicts the content is refused rather
 * than guessed at.
 */
export async function detectFileType(
  head: Buffer,
  originalName: string,
): Promise<AcceptedType | RejectedType> {
  const nameExtension = path.extname(originalName).slice(1).toLowerCase();
  const promised = FAMILY_BY_EXTENSION[nameExtension];
  const detected = await fileTypeFromBuffer(head.subarray(0, DETECTION_HEAD_BYTES));

  let result: { mimeType: string; extension: string; family: Family };
  if (
    nameExtension === 'xls' &&
    (!detected || detected.mime === 'application/xml') &&
    spreadsheetMarkup(head.subarray(0, MARKUP_SNIFF_BYTES))
  ) {
    // Excel's XML Spreadsheet 2003 or web page saved as .xls: Excel opens both, and so do we.
    result = { ...LEGACY_OFFICE['xls']!, extension: 'xls' };
  } else if (detected) {
    const known = BY_DETECTED_MIME[detected.mime];
    const legacy = detected.mime === 'application/x-cfb' ? LEGACY_OFFICE[nameExtension] : undefined;
    const ooxml =
      detected.mime === 'application/zip' ? OOXML_BY_EXTENSION[nameExtension] : undefined;
    if (known) result = { mimeType: detected.mime, ...known };
    else if (ooxml) result = { mimeType: ooxml, ...BY_DETECTED_MIME[ooxml]! };
    else if (legacy) result = { ...legacy, extension: nameExtension };
    else {
      return {
        accepted: false,
        reason: `"${originalName}" is not a supported file type (its content is ${describe(detected.mime, detected.ext)}). ${SUPPORTED}`,
      };
    }
  } else if (looksLikeText(head.subarray(0, TEXT_SAMPLE_BYTES))) {
    const mimeType = TEXT_TYPES[nameExtension];
    if (!mimeType && !promised) {
      return { accepted: false, reason: unsupportedText(originalName, nameExtension) };
    }
    result = mimeType
      ? { mimeType, extension: nameExtension, family: 'text' }
      : { mimeType: 'text/plain', extension: 'txt', family: 'text' };
  } else {
    return {
      accepted: false,
      reason: `"${originalName}" is not a supported file type (its content is not a known document format). ${SUPPORTED}`,
    };
  }

  if (promised && promised !== result.family) {
    return {
      accepted: false,
      reason: `"${originalName}" is named .${nameExtension} but its content is ${FAMILY_NAMES[result.family]} (${result.mimeType}): rename it or upload the intended file.`,
    };
  }
  return { accepted: true, mimeType: result.mimeType, extension: result.extension };
}

/**
 * Text is only accepted under the names of the text formats we read. Bytes cannot tell plain text
 * from HTML, JSON, XML, SVG or a script, so for text the name is the only evidence; a name
 * without an extension gives none (and every system that produces documents names them).
 */
function unsupportedText(originalName: string, extension: string): string {
  const what = extension
    ? `text, and .${extension} is not a text format Clearroom reads (.txt, .md, .markdown, .csv, .tsv)`
    : 'text, but its name has no extension: name it .txt, .md or .csv';
  return `"${originalName}" is not a supported file type (its content is ${what}). ${SUPPORTED}`;
}

function describe(mime: string, extension: string): string {
  if (mime === 'application/zip') return 'a zip archive';
  if (mime === 'application/x-cfb') return 'a legacy Office container of an unsupported kind';
  return `${extension.toUpperCase()} (${mime})`;
}

/**
 * UTF-16 with a byte-order mark and nearly free of control characters; or no NUL bytes, and
 * valid UTF-8 or nearly free of control characters (Latin-1 text).
 */
function looksLikeText(sample: Buffer): boolean {
  const utf16 =
    sample[0] === 0xff && sample[1] === 0xfe
      ? 'utf-16le'
      : sample[0] === 0xfe && sample[1] === 0xff
        ? 'utf-16be'
        : null;
  if (utf16) {
    const text = new TextDecoder(utf16).decode(sample.subarray(0, sample.length & ~1));
    return fewControlCharacters([...text].map((char) => char.codePointAt(0)!));
  }
  if (sample.includes(0)) return false;
  try {
    // A multi-byte character may be cut at the end of the sample: leave the last 3 bytes out.
    new TextDecoder('utf-8', { fatal: true }).decode(
      sample.subarray(0, Math.max(0, sample.length - 3)),
    );
    return true;
  } catch {
    return fewControlCharacters(sample);
  }
}

/** Under 1 % control characters other than tab, line feed, form feed and carriage return. */
function fewControlCharacters(codes: Iterable<number>): boolean {
  let control = 0;
  let total = 0;
  for (const code of codes) {
    total++;
    if (code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) control++;
  }
  return control / Math.max(1, total) < 0.01;
}
