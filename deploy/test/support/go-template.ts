/**
 * Static checks of Helm's Go templates, for machines without the helm binary. This is a lint,
 * not a renderer: it reads the template actions (`{{ ... }}`) and the text around them, and never
 * evaluates anything. What it cannot see (the rendered YAML of a given values file) stays
 * unverified; deploy/README.md says so.
 */
import { parseAllDocuments } from 'yaml';

export type Action = {
  /** The text between the delimiters, without trim markers (`{{-`, `-}}`) or surrounding blanks. */
  body: string;
  /** 1-based line of the opening `{{`. */
  line: number;
  start: number;
  end: number;
  isComment: boolean;
};

/** Every `{{ ... }}` of a template, skipping `}}` inside quoted strings and comments. */
export function readActions(text: string, source: string): Action[] {
  const actions: Action[] = [];
  let index = 0;
  while ((index = text.indexOf('{{', index)) !== -1) {
    const start = index;
    let cursor = start + 2;
    if (text[cursor] === '-' && /\s/.test(text[cursor + 1] ?? '')) cursor += 1;
    while (/\s/.test(text[cursor] ?? '')) cursor += 1;
    const line = text.slice(0, start).split('\n').length;
    let end: number;
    let isComment = false;
    if (text.startsWith('/*', cursor)) {
      isComment = true;
      const close = text.indexOf('*/', cursor + 2);
      end = close === -1 ? -1 : text.indexOf('}}', close + 2);
    } else {
      end = findActionEnd(text, cursor);
    }
    if (end === -1) throw new Error(`${source}:${line}: "{{" is never closed`);
    const raw = text.slice(start + 2, end);
    actions.push({
      body: raw.replace(/^-\s/, '').replace(/\s-$/, '').trim(),
      line,
      start,
      end: end + 2,
      isComment,
    });
    index = end + 2;
  }
  return actions;
}

function findActionEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === '\\' && quote === '"') i += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === '`') {
      quote = char;
    } else if (char === '}' && text[i + 1] === '}') {
      return i;
    }
  }
  return -1;
}

/** The action with its string literals emptied, so that words inside strings are not code. */
export function withoutStrings(body: string): string {
  return body.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""');
}

const blockOpeners = new Set(['if', 'range', 'with', 'define', 'block']);

/** if/range/with/define/block each closed by one `end`; `else` only inside if/with/range. */
export function checkBlocks(actions: Action[], source: string): string[] {
  const errors: string[] = [];
  const open: { keyword: string; line: number }[] = [];
  for (const action of actions) {
    if (action.isComment) continue;
    const keyword = /^([a-z]+)\b/.exec(action.body)?.[1] ?? '';
    if (blockOpeners.has(keyword)) {
      open.push({ keyword, line: action.line });
    } else if (keyword === 'else') {
      const top = open.at(-1);
      if (!top || !['if', 'with', 'range'].includes(top.keyword)) {
        errors.push(`${source}:${action.line}: "else" outside if/with/range`);
      }
    } else if (keyword === 'end') {
      if (!open.pop()) errors.push(`${source}:${action.line}: "end" without an open block`);
    }
  }
  for (const block of open) {
    errors.push(`${source}:${block.line}: "${block.keyword}" is never closed by "end"`);
  }
  return errors;
}

/** Names given to `define`, and names used by `include`/`template`. */
export function namedTemplates(actions: Action[]): { defined: string[]; used: string[] } {
  const defined: string[] = [];
  const used: string[] = [];
  for (const { body, isComment } of actions) {
    if (isComment) continue;
    for (const match of body.matchAll(/^(?:define|block)\s+"([^"]+)"/g)) defined.push(match[1]!);
    for (const match of body.matchAll(/\b(?:include|template)\s+"([^"]+)"/g)) used.push(match[1]!);
  }
  return { defined, used };
}

/**
 * Every `.Values.a.b` path the actions read, including through variables assigned from a values
 * path (`$m := .Values.mysql.bundled` then `$m.image` reads `mysql.bundled.image`).
 */
export function valuesPaths(actions: Action[]): { path: string; line: number }[] {
  const aliases = new Map<string, string>();
  const paths: { path: string; line: number }[] = [];
  for (const { body, line, isComment } of actions) {
    if (isComment) continue;
    const code = withoutStrings(body);
    const assignment = /^\$(\w+)\s*:?=\s*(?:\$\w*)?\.Values((?:\.[A-Za-z_]\w*)*)\s*$/.exec(code);
    if (assignment) aliases.set(assignment[1]!, assignment[2]!.slice(1));
    for (const match of code.matchAll(/(?:\$\w*)?\.Values((?:\.[A-Za-z_]\w*)+)/g)) {
      paths.push({ path: match[1]!.slice(1), line });
    }
    for (const match of code.matchAll(/\$(\w+)((?:\.[A-Za-z_]\w*)+)/g)) {
      const prefix = aliases.get(match[1]!);
      if (prefix === undefined || match[2]!.startsWith('.Values')) continue;
      paths.push({ path: [prefix, match[2]!.slice(1)].filter(Boolean).join('.'), line });
    }
  }
  return paths;
}

const keywords = new Set([
  ...blockOpeners,
  'else',
  'end',
  'template',
  'break',
  'continue',
  'nil',
  'true',
  'false',
]);

/** Functions of Go's text/template, Helm and Sprig that these templates may call. */
// prettier-ignore
export const knownFunctions = new Set([
  // text/template
  'and', 'or', 'not', 'len', 'index', 'slice', 'print', 'printf', 'println', 'eq', 'ne', 'lt',
  'le', 'gt', 'ge', 'html', 'js', 'urlquery', 'call',
  // Helm
  'include', 'tpl', 'required', 'toYaml', 'fromYaml', 'toJson', 'fromJson', 'toToml', 'lookup',
  // Sprig
  'default', 'empty', 'coalesce', 'ternary', 'fail', 'quote', 'squote', 'trim', 'trimAll',
  'trimSuffix', 'trimPrefix', 'trunc', 'upper', 'lower', 'title', 'replace', 'contains',
  'hasPrefix', 'hasSuffix', 'indent', 'nindent', 'join', 'split', 'splitList', 'list', 'dict',
  'set', 'unset', 'hasKey', 'keys', 'values', 'pluck', 'merge', 'mergeOverwrite', 'deepCopy',
  'append', 'prepend', 'first', 'last', 'rest', 'initial', 'uniq', 'without', 'has', 'compact',
  'toString', 'toStrings', 'int', 'int64', 'float64', 'atoi', 'add', 'add1', 'sub', 'mul', 'div',
  'mod', 'max', 'min', 'b64enc', 'b64dec', 'sha256sum', 'sha1sum', 'randAlphaNum', 'regexMatch',
  'regexFind', 'regexReplaceAll', 'kindIs', 'typeOf', 'kindOf', 'semverCompare', 'get', 'dig',
  'sortAlpha', 'until', 'cat', 'nospace', 'repeat', 'substr', 'urlParse',
]);

/** Words in function position that are neither Go, Helm nor Sprig functions (e.g. `nident`). */
export function unknownFunctions(actions: Action[]): { name: string; line: number }[] {
  const unknown: { name: string; line: number }[] = [];
  for (const { body, line, isComment } of actions) {
    if (isComment) continue;
    for (const match of withoutStrings(body).matchAll(/(^|[^.$\w])([A-Za-z_]\w*)/g)) {
      const name = match[2]!;
      if (!keywords.has(name) && !knownFunctions.has(name)) unknown.push({ name, line });
    }
  }
  return unknown;
}

/**
 * The template's YAML with every action taken out: lines holding only actions are dropped (they
 * are control flow or insert whole blocks), inline actions become a placeholder scalar. Both
 * branches of an if/else stay, so keys may repeat. What remains must still be YAML made of
 * Kubernetes objects: this catches mis-indented or malformed static text, not rendered output.
 */
export function skeleton(text: string, source: string): string {
  const actions = readActions(text, source);
  let result = '';
  let cursor = 0;
  for (const action of actions) {
    result += text.slice(cursor, action.start) + '\uE000';
    cursor = action.end;
  }
  result += text.slice(cursor);
  return result
    .split('\n')
    .filter((line) => !/^\s*(\uE000\s*)+$/.test(line))
    .map((line) => line.replace(/\uE000/g, '__X__'))
    .join('\n');
}

export function skeletonDocuments(text: string, source: string): unknown[] {
  const documents = parseAllDocuments(skeleton(text, source), { uniqueKeys: false });
  const values: unknown[] = [];
  for (const document of documents) {
    const [error] = document.errors;
    if (error)
      throw new Error(`${source} (its YAML without the template actions): ${error.message}`);
    const value: unknown = document.toJS();
    if (value !== null && value !== undefined) values.push(value);
  }
  return values;
}

/** The text of each `define` block, by name (nested blocks included). */
export function defineBodies(text: string, source: string): Map<string, string> {
  const bodies = new Map<string, string>();
  const open: { name: string | null; from: number }[] = [];
  for (const action of readActions(text, source)) {
    if (action.isComment) continue;
    const keyword = /^([a-z]+)\b/.exec(action.body)?.[1] ?? '';
    if (blockOpeners.has(keyword)) {
      const name =
        keyword === 'define' ? (/^define\s+"([^"]+)"/.exec(action.body)?.[1] ?? null) : null;
      open.push({ name, from: action.end });
    } else if (keyword === 'end') {
      const block = open.pop();
      if (block?.name) bodies.set(block.name, text.slice(block.from, action.start));
    }
  }
  return bodies;
}

/**
 * Lines holding only `{{- ... | nindent N }}` whose N differs from the line's own indentation:
 * the inserted block would land at another depth than the template's text suggests.
 */
export function nindentMismatches(text: string, source: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const match = /^( *)\{\{-.*\|\s*nindent (\d+)\s*-?\}\}\s*$/.exec(line);
    if (!match || match[1]!.length === Number(match[2])) return [];
    return [`${source}:${index + 1}: at column ${match[1]!.length} but nindent ${match[2]}`];
  });
}
