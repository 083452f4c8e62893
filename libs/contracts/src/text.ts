/**
 * What people may type into text fields. Control characters (NUL, escape, backspace, the C1
 * range…) never belong in a name or a note: they are refused at the edge with a message naming
 * the field. Tabs and line breaks are refused in one-line fields (names, deal figures) and
 * accepted in multi-line ones (descriptions, the business model, questions). Passwords accept
 * any character: they are only ever hashed.
 */

/* eslint-disable no-control-regex -- control characters are what these find */
/** C0 controls other than tab, line feed and carriage return; DEL; the C1 controls. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** The same, and tab, line feed and carriage return too. */
const CONTROL_CHARACTERS_OR_LINE_BREAKS = /[\u0000-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */

/**
 * Characters that show nothing or silently reorder text: zero-width spaces and joiners, the soft
 * hyphen, word joiners, byte-order marks, fillers, variation selectors, and the bidirectional
 * controls (right-to-left override and its kin). In a username they make two names that look
 * identical, or one that reads differently from what it is.
 */
const INVISIBLE_OR_BIDI_CONTROL = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;

export type TextKind = 'single-line' | 'multi-line';

/** True when `text` holds a character its kind of field refuses (see above). */
export function hasControlCharacters(text: string, kind: TextKind): boolean {
  return (kind === 'single-line' ? CONTROL_CHARACTERS_OR_LINE_BREAKS : CONTROL_CHARACTERS).test(
    text,
  );
}

/** The 400 message for such a value, naming the field. */
export function controlCharactersMessage(label: string, kind: TextKind): string {
  return kind === 'single-line'
    ? `${label} cannot contain control characters, tabs or line breaks`
    : `${label} cannot contain control characters (tabs and line breaks are fine)`;
}

/** `.refine(...noControlCharacters(label, kind))`: the check and its message, first to fail. */
export const noControlCharacters = (label: string, kind: TextKind) =>
  [
    (text: string) => !hasControlCharacters(text, kind),
    { message: controlCharactersMessage(label, kind), abort: true },
  ] as const;

/** Removes what {@link hasControlCharacters} finds in a multi-line text. */
export function withoutControlCharacters(text: string): string {
  return text.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '');
}

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE_OR_BIDI_CONTROL.test(text);
}
