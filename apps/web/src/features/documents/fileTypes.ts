import { SUPPORTED_FORMATS } from '@clearroom/contracts';

/** The families of documents the product shows with their own icon (spec §2). */
export type FileKind = 'pdf' | 'word' | 'excel' | 'powerpoint' | 'image' | 'text' | 'other';

const labelByMimeType: Record<string, string> = Object.fromEntries(
  SUPPORTED_FORMATS.map((format) => [format.mimeTypes[0]!, format.label]),
);

/** By label and by every extension (uppercase), since a name may be all there is to go by. */
const kindByLabel: Record<string, FileKind> = Object.fromEntries(
  SUPPORTED_FORMATS.flatMap((format) =>
    [format.label, ...format.extensions, ...(format.alsoReads ?? [])].map((name) => [
      name.toUpperCase(),
      format.icon,
    ]),
  ),
);

function baseMimeType(mimetype: string): string {
  return mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toUpperCase() : '';
}

/**
 * A short uppercase type label ('PDF', 'DOCX', 'XLSX', 'PNG'): known Office and text types by
 * name, otherwise the MIME subtype without its 'x-' or 'vnd.' prefix; from the file name's
 * extension when the MIME type is missing (a browser may not know it).
 */
export function fileTypeLabel(mimetype: string, name = ''): string {
  const base = baseMimeType(mimetype);
  const known = labelByMimeType[base];
  if (known) return known;
  const subtype = base
    .split('/')[1]
    ?.replace(/^(x-|vnd\.)/, '')
    .split('+')[0];
  if (subtype && base !== 'application/octet-stream') return subtype.toUpperCase();
  return extensionOf(name) || 'FILE';
}

export function fileKind(mimetype: string, name = ''): FileKind {
  const base = baseMimeType(mimetype);
  if (base.startsWith('image/')) return 'image';
  const kind = kindByLabel[fileTypeLabel(mimetype, name)];
  if (kind) return kind;
  return base.startsWith('text/') ? 'text' : 'other';
}
