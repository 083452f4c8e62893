/** Longest file name accepted, in characters (what common file systems allow). */
export const FILE_NAME_MAX_LENGTH = 255;

export type FileNameProblem =
  | { kind: 'nul' }
  | { kind: 'line-break' }
  | { kind: 'control'; codePoint: number }
  | { kind: 'too-long'; length: number }
  /** The sending program left a `"` unescaped, so where the name ends cannot be told. */
  | { kind: 'unescaped-quote' };

/** What is wrong with a file name as sent, or null when nothing is. */
export function fileNameProblem(name: string): FileNameProblem | null {
  if (name.includes('\u0000')) return { kind: 'nul' };
  if (/[\r\n]/.test(name)) return { kind: 'line-break' };
  // eslint-disable-next-line no-control-regex -- control characters are what this finds
  const control = /[\u0001-\u001f\u007f-\u009f]/.exec(name);
  if (control) return { kind: 'control', codePoint: control[0].codePointAt(0)! };
  const length = [...name].length;
  if (length > FILE_NAME_MAX_LENGTH) return { kind: 'too-long', length };
  return null;
}

/** The name as a message can show it: control characters as �, at most 60 characters. */
export function shownFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces
  const visible = [...name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd')];
  return visible.length > 60 ? `${visible.slice(0, 60).join('')}…` : visible.join('');
}

/** A message that says what is wrong with the name and what to do. */
export function fileNameMessage(problem: FileNameProblem, name: string): string {
  const rename = `rename "${shownFileName(name)}" and upload it again.`;
  switch (problem.kind) {
    case 'nul':
      return `A file name contains a NUL character, which no file name may hold: ${rename}`;
    case 'line-break':
      return `A file name contains a line break: ${rename}`;
    case 'control':
      return `A file name contains a control character (U+${problem.codePoint.toString(16).toUpperCase().padStart(4, '0')}): ${rename}`;
    case 'too-long':
      return `A file name is ${problem.length.toLocaleString('en-US')} characters long, and at most ${FILE_NAME_MAX_LENGTH} are accepted: ${rename}`;
    case 'unescaped-quote':
      return (
        'A file name could not be read: the program that sent it left a double quote (") in ' +
        `it unescaped. Rename "${shownFileName(name)}" without quotes, or upload it from the browser.`
      );
  }
}
