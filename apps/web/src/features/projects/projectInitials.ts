/**
 * The letters a project's icon shows in the sidebar's rail: the first letters of its first two
 * words ("Project Atlas" → "PA"), or the first two of a single word ("Falcon" → "FA"); "?" for a
 * name without a letter or digit.
 */
export function projectInitials(name: string): string {
  const words = name.split(/[\s\-_/.,:;]+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const letters =
    words.length >= 2
      ? [firstChar(words[0]!), firstChar(words[1]!)]
      : [...(words[0] ?? '')].filter((char) => /[\p{L}\p{N}]/u.test(char)).slice(0, 2);
  return letters.join('').toLocaleUpperCase() || '?';
}

function firstChar(word: string): string {
  return [...word].find((char) => /[\p{L}\p{N}]/u.test(char)) ?? '';
}
