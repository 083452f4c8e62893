import { readFileSync } from 'node:fs';

/** One evaluation question: gold is any of `goldPages` (PDF page indexes) of `document`. */
export type EvalQuestion = {
  id: string;
  /** The corpus file name, as uploaded (the document's original name). */
  document: string;
  category: string;
  question: string;
  goldPages: number[];
  note?: string;
};

/** Reads and checks a question file, naming the first entry that is malformed. */
export function loadQuestions(file: string): EvalQuestion[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of questions`);
  const ids = new Set<string>();
  return parsed.map((entry: Partial<EvalQuestion>, i) => {
    const problem =
      typeof entry.id !== 'string'
        ? 'id'
        : typeof entry.document !== 'string'
          ? 'document'
          : typeof entry.question !== 'string' || !entry.question.trim()
            ? 'question'
            : !Array.isArray(entry.goldPages) ||
                entry.goldPages.length === 0 ||
                !entry.goldPages.every((page) => Number.isInteger(page) && page > 0)
              ? 'goldPages'
              : ids.has(entry.id)
                ? 'id (repeated)'
                : null;
    if (problem) throw new Error(`${file}: entry ${i + 1} has a missing or invalid ${problem}`);
    ids.add(entry.id!);
    return { category: '', ...entry } as EvalQuestion;
  });
}
