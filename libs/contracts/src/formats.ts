/**
 * The one list of file formats Clearroom reads. Upload detection, the extractor's routing and the
 * web's file picker and icons are all derived from it: a format is added here, once.
 */

/** What a person would call the file (used in upload messages: "its content is a spreadsheet"). */
export type FormatFamily = 'pdf' | 'word' | 'spreadsheet' | 'presentation' | 'text' | 'image';
/** How the embedded extractor reads it. */
export type ParseKind =
  'pdf' | 'docx' | 'doc' | 'xlsx' | 'xls' | 'pptx' | 'ppt' | 'csv' | 'tsv' | 'text' | 'image';
/** The icon the web shows for it (spec §2). */
export type FormatIcon = 'pdf' | 'word' | 'excel' | 'powerpoint' | 'image' | 'text';

export type SupportedFormat = {
  /** Short label the web shows: 'DOCX'. */
  label: string;
  family: FormatFamily;
  parser: ParseKind;
  icon: FormatIcon;
  /** Extensions accepted on upload, the one a stored file gets first. */
  extensions: readonly string[];
  /** More extensions the extractor reads as this format (templates, macro-enabled variants). */
  alsoReads?: readonly string[];
  /** MIME types, the canonical one first. */
  mimeTypes: readonly string[];
  /** The file picker offers it by MIME type too (for pickers that filter by type). */
  pickByMimeType?: true;
};

export const SUPPORTED_FORMATS: readonly SupportedFormat[] = [
  {
    label: 'PDF',
    family: 'pdf',
    parser: 'pdf',
    icon: 'pdf',
    extensions: ['pdf'],
    mimeTypes: ['application/pdf'],
    pickByMimeType: true,
  },
  {
    label: 'DOC',
    family: 'word',
    parser: 'doc',
    icon: 'word',
    extensions: ['doc'],
    alsoReads: ['dot'],
    mimeTypes: ['application/msword'],
  },
  {
    label: 'DOCX',
    family: 'word',
    parser: 'docx',
    icon: 'word',
    extensions: ['docx'],
    alsoReads: ['docm', 'dotx'],
    mimeTypes: [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
      'application/vnd.ms-word.document.macroenabled.12',
    ],
  },
  {
    label: 'XLS',
    family: 'spreadsheet',
    parser: 'xls',
    icon: 'excel',
    extensions: ['xls'],
    mimeTypes: ['application/vnd.ms-excel'],
  },
  {
    label: 'XLSX',
    family: 'spreadsheet',
    parser: 'xlsx',
    icon: 'excel',
    extensions: ['xlsx'],
    alsoReads: ['xlsm'],
    mimeTypes: [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
      'application/vnd.ms-excel.sheet.macroenabled.12',
    ],
  },
  {
    label: 'CSV',
    family: 'text',
    parser: 'csv',
    icon: 'excel',
    extensions: ['csv'],
    mimeTypes: ['text/csv'],
  },
  {
    label: 'TSV',
    family: 'text',
    parser: 'tsv',
    icon: 'excel',
    extensions: ['tsv'],
    mimeTypes: ['text/tab-separated-values'],
  },
  {
    label: 'PPT',
    family: 'presentation',
    parser: 'ppt',
    icon: 'powerpoint',
    extensions: ['ppt'],
    alsoReads: ['pps', 'pot'],
    mimeTypes: ['application/vnd.ms-powerpoint'],
  },
  {
    label: 'PPTX',
    family: 'presentation',
    parser: 'pptx',
    icon: 'powerpoint',
    extensions: ['pptx'],
    alsoReads: ['pptm', 'ppsx'],
    mimeTypes: [
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
      'application/vnd.ms-powerpoint.presentation.macroenabled.12',
    ],
  },
  {
    label: 'TXT',
    family: 'text',
    parser: 'text',
    icon: 'text',
    extensions: ['txt'],
    mimeTypes: ['text/plain'],
    pickByMimeType: true,
  },
  {
    label: 'MD',
    family: 'text',
    parser: 'text',
    icon: 'text',
    extensions: ['md', 'markdown'],
    mimeTypes: ['text/markdown', 'text/x-markdown'],
  },
  {
    label: 'JPEG',
    family: 'image',
    parser: 'image',
    icon: 'image',
    extensions: ['jpg', 'jpeg'],
    mimeTypes: ['image/jpeg'],
    pickByMimeType: true,
  },
  {
    label: 'PNG',
    family: 'image',
    parser: 'image',
    icon: 'image',
    extensions: ['png'],
    mimeTypes: ['image/png'],
    pickByMimeType: true,
  },
  {
    label: 'TIFF',
    family: 'image',
    parser: 'image',
    icon: 'image',
    extensions: ['tif', 'tiff'],
    mimeTypes: ['image/tiff'],
  },
];

/** The format a file name's extension (lowercase, without the dot) names, if any. */
export function formatByExtension(
  extension: string,
  options: { includeAlsoReads?: boolean } = {},
): SupportedFormat | undefined {
  return SUPPORTED_FORMATS.find(
    (format) =>
      format.extensions.includes(extension) ||
      (options.includeAlsoReads === true && (format.alsoReads ?? []).includes(extension)),
  );
}

export function formatByMimeType(mimeType: string): SupportedFormat | undefined {
  return SUPPORTED_FORMATS.find((format) => format.mimeTypes.includes(mimeType));
}

/** What the file picker offers (spec §5); drag and drop is unfiltered, the server decides. */
export const FILE_PICKER_ACCEPT = [
  ...SUPPORTED_FORMATS.flatMap((format) => format.extensions.map((extension) => `.${extension}`)),
  ...SUPPORTED_FORMATS.filter((format) => format.pickByMimeType).map(
    (format) => format.mimeTypes[0]!,
  ),
].join(',');
