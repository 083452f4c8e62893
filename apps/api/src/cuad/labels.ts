import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

/** CUAD's 41 clause categories, with the dataset's exact names. */
export const CUAD_CATEGORIES = [
  'Document Name',
  'Parties',
  'Agreement Date',
  'Effective Date',
  'Expiration Date',
  'Renewal Term',
  'Notice Period To Terminate Renewal',
  'Governing Law',
  'Most Favored Nation',
  'Competitive Restriction Exception',
  'Non-Compete',
  'Exclusivity',
  'No-Solicit Of Customers',
  'No-Solicit Of Employees',
  'Non-Disparagement',
  'Termination For Convenience',
  'Rofr/Rofo/Rofn',
  'Change Of Control',
  'Anti-Assignment',
  'Revenue/Profit Sharing',
  'Price Restrictions',
  'Minimum Commitment',
  'Volume Restriction',
  'Ip Ownership Assignment',
  'Joint Ip Ownership',
  'License Grant',
  'Non-Transferable License',
  'Affiliate License-Licensor',
  'Affiliate License-Licensee',
  'Unlimited/All-You-Can-Eat-License',
  'Irrevocable Or Perpetual License',
  'Source Code Escrow',
  'Post-Termination Services',
  'Audit Rights',
  'Uncapped Liability',
  'Cap On Liability',
  'Liquidated Damages',
  'Warranty Duration',
  'Insurance',
  'Covenant Not To Sue',
  'Third Party Beneficiary',
] as const;

export type CuadCategory = (typeof CUAD_CATEGORIES)[number];

/** One labelled contract of `labels.csv`. */
export type CuadContract = {
  /** File name in `pdf/`. */
  pdfFile: string;
  /** File name in `txt/` ('' when the source has none). */
  txtFile: string;
  /** The passages the annotators marked, verbatim from the txt file; [] when absent. */
  passages: Record<CuadCategory, string[]>;
  /** The annotators' normalised answer ('Yes'/'No', or a value such as a date or a state). */
  answers: Record<CuadCategory, string>;
};

/** Reads `<cuadDir>/labels.csv` (CUAD's master_clauses.csv with pdf_file and txt_file in front). */
export function readCuadLabels(cuadDir: string): CuadContract[] {
  const rows = parse<Record<string, string>>(readFileSync(path.join(cuadDir, 'labels.csv')), {
    columns: true,
    skip_empty_lines: true,
  });
  return rows.map((row) => {
    const passages = {} as Record<CuadCategory, string[]>;
    const answers = {} as Record<CuadCategory, string>;
    for (const category of CUAD_CATEGORIES) {
      passages[category] = parsePythonStringList(row[category] ?? '[]');
      // The source spells one header "Notice Period To Terminate Renewal- Answer".
      answers[category] = (row[`${category}-Answer`] ?? row[`${category}- Answer`] ?? '').trim();
    }
    return { pdfFile: row['pdf_file'] ?? '', txtFile: row['txt_file'] ?? '', passages, answers };
  });
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
};

/** Parses a Python repr of a list of strings, e.g. `['a', "b's"]`, as CUAD stores passages. */
export function parsePythonStringList(text: string): string[] {
  const values: string[] = [];
  let index = text.indexOf('[');
  if (index < 0) return values;
  index++;
  while (index < text.length) {
    const quote = text[index];
    if (quote === "'" || quote === '"') {
      let value = '';
      index++;
      while (index < text.length && text[index] !== quote) {
        if (text[index] === '\\' && index + 1 < text.length) {
          const escaped = text[index + 1]!;
          if (escaped === 'x' || escaped === 'u') {
            const width = escaped === 'x' ? 2 : 4;
            value += String.fromCharCode(parseInt(text.slice(index + 2, index + 2 + width), 16));
            index += 2 + width;
            continue;
          }
          value += ESCAPES[escaped] ?? `\\${escaped}`;
          index += 2;
          continue;
        }
        value += text[index];
        index++;
      }
      values.push(value);
    }
    index++;
  }
  return values;
}
