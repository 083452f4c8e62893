import ExcelJS from 'exceljs';
import type { ClauseSpan, ClausesResponse } from '@clearroom/contracts';
import { CLAUSE_REVIEW_GROUPS } from '@clearroom/contracts';

export type ClauseExportFormat = 'xlsx' | 'csv';

/** The Clause Review's categories first, in its order, then CUAD's others. */
export function exportCategories(categories: readonly string[]): string[] {
  const reviewed = CLAUSE_REVIEW_GROUPS.flatMap((group) => group.categories);
  return [...reviewed, ...categories.filter((category) => !reviewed.includes(category))];
}

/** One row per document: per category the best clause's text and page, or "Not found". */
function matrix(response: ClausesResponse): string[][] {
  const categories = exportCategories(response.categories);
  const header = ['Document', 'Note'];
  for (const category of categories) header.push(category, `${category} (page)`);
  const rows = [header];
  for (const document of response.documents) {
    const best = new Map<string, ClauseSpan>();
    for (const clause of document.clauses) {
      const current = best.get(clause.category);
      if (!current || clause.score > current.score) best.set(clause.category, clause);
    }
    const row = [document.originalname, document.note ?? ''];
    for (const category of categories) {
      const clause = best.get(category);
      row.push(
        clause ? clause.quote : document.note ? '' : 'Not found',
        clause ? String(clause.pageNumber) : '',
      );
    }
    rows.push(row);
  }
  return rows;
}

export async function exportClauses(
  response: ClausesResponse,
  format: ClauseExportFormat,
  about: { projectName: string; exportedBy: string; exportedAt: Date },
): Promise<Buffer> {
  const rows = matrix(response);
  if (format === 'csv') return Buffer.from(`\uFEFF${rows.map(csvLine).join('\r\n')}\r\n`, 'utf8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Clause Review', {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }],
  });
  // Cell values are set as plain strings: a quote that starts with "=" stays text, never a formula.
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(1).width = 48;
  for (let column = 3; column <= rows[0]!.length; column += 2) {
    sheet.getColumn(column).width = 60;
    sheet.getColumn(column).alignment = { wrapText: true, vertical: 'top' };
  }
  const info = workbook.addWorksheet('About');
  info.addRows([
    ['Project', about.projectName],
    ['Exported by', about.exportedBy],
    ['Exported at', about.exportedAt.toISOString()],
    ['Clause model', response.modelVersion],
    ['Shown', "Each category's best clause at or above its calibrated threshold"],
    ['Model', 'Trained on CUAD v1 by The Atticus Project, CC BY 4.0'],
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * RFC 4180 quoting; a field that a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a
 * leading apostrophe, the OWASP advice against CSV injection.
 */
function csvLine(fields: string[]): string {
  return fields
    .map((field) => {
      const safe = /^[=+\-@\t\r]/.test(field) ? `'${field}` : field;
      return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    })
    .join(',');
}
