import {
  CHAT_HISTORY_MESSAGES,
  type ChatHistoryEntry,
  type ChatMessage,
  type Citation,
} from '@clearroom/contracts';

/** Spec §5/§9: the last 6 messages (questions and answers) go with a new question. */
export function toConversationHistory(history: readonly ChatHistoryEntry[]): ChatMessage[] {
  return history
    .flatMap((entry): ChatMessage[] => [
      { role: 'user', content: entry.question },
      { role: 'assistant', content: entry.answer },
    ])
    .slice(-CHAT_HISTORY_MESSAGES);
}

export type AnswerSegment =
  { kind: 'text'; text: string } | { kind: 'citation'; citation: Citation; separator: string };

/** `[1]`, `[1, 2]` or `[1; 2]`: the markers an answer cites its passages with. */
const MARKER = /\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]/g;

/**
 * Splits an answer into text and citation markers. A marker whose number is not among
 * `citations` stays as plain text, so nothing unclickable looks clickable.
 */
export function splitCitationMarkers(
  text: string,
  citations: readonly Citation[],
): AnswerSegment[] {
  const byNumber = new Map(citations.map((citation) => [citation.n, citation]));
  const segments: AnswerSegment[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = segments.at(-1);
    if (last?.kind === 'text') last.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  let position = 0;
  for (const match of text.matchAll(MARKER)) {
    pushText(text.slice(position, match.index));
    const numbers = (match[1] ?? '').split(/\s*[,;]\s*/).map(Number);
    numbers.forEach((n, index) => {
      const citation = byNumber.get(n);
      if (citation) segments.push({ kind: 'citation', citation, separator: index > 0 ? ' ' : '' });
      else pushText(`[${n}]`);
    });
    position = match.index + match[0].length;
  }
  pushText(text.slice(position));
  return segments;
}

/** `"<original name> (Page N)"` read back into its parts (spec §3); null without a page. */
export function parseSource(source: string): { name: string; pageNumber: number } | null {
  const match = /^(.*) \(Page (\d+)\)$/.exec(source.trim());
  if (!match?.[1]) return null;
  return { name: match[1], pageNumber: Number(match[2]) };
}

/** The spec's wording of a source: `"<original name> (Page N)"`. */
export function sourceLabel(citation: Citation): string {
  return `${citation.originalname} (Page ${citation.pageNumber})`;
}
