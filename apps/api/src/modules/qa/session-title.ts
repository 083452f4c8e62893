const MAX_LENGTH = 48;

/**
 * A short session name drawn from its first question: the question's own words, without the
 * question mark, cut at a word boundary ("Can the licensor assign this agreement after a…").
 */
export function sessionTitleFrom(question: string): string {
  const flat = question
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?!.]+$/, '');
  const title = flat.charAt(0).toUpperCase() + flat.slice(1);
  if (title.length <= MAX_LENGTH) return title;
  const cut = title.slice(0, MAX_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > MAX_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:]+$/, '')}…`;
}
