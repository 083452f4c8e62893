/**
 * Excel also saves workbooks as markup under the .xls name: "XML Spreadsheet 2003"
 * (SpreadsheetML) and web pages (HTML tables), and many finance and ERP systems export their
 * reports that way. Shared by the upload's type check and the .xls parser.
 */
export type SpreadsheetMarkup = 'spreadsheetml' | 'html';

/** How far into the file the markup must show itself. */
export const MARKUP_SNIFF_BYTES = 64 * 1024;

/** Which of the two markups a file starting with `head` is, if either. */
export function spreadsheetMarkup(head: Uint8Array): SpreadsheetMarkup | null {
  const text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, MARKUP_SNIFF_BYTES))
    .toString('latin1')
    .toLowerCase();
  if (text.includes('<workbook') && text.includes('urn:schemas-microsoft-com:office:spreadsheet')) {
    return 'spreadsheetml';
  }
  return /<(html|table)[\s>]/.test(text) ? 'html' : null;
}
