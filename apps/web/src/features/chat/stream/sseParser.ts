import type { AskStreamEvent } from '@clearroom/contracts';

/**
 * An incremental parser of a `text/event-stream` body (the subset the ask stream uses): feed it
 * the decoded text as it arrives, in pieces of any size, and it returns the `data` of every event
 * completed so far. An event ends at a blank line; several `data:` lines of one event are joined
 * with newlines; comment lines (`:`) and other fields (`event:`, `id:`, `retry:`) are ignored.
 * Lines may end with LF, CRLF or CR, even when the CR and the LF arrive in different pieces.
 */
export class SseParser {
  #buffer = '';
  #data: string[] = [];

  /** Parses `text`, returning the data of each event it completes. */
  feed(text: string): string[] {
    this.#buffer += text;
    const events: string[] = [];
    let start = 0;
    for (let index = 0; index < this.#buffer.length; index++) {
      const char = this.#buffer[index];
      if (char !== '\n' && char !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF: wait for the next piece.
      if (char === '\r' && index === this.#buffer.length - 1) break;
      this.#line(this.#buffer.slice(start, index), events);
      if (char === '\r' && this.#buffer[index + 1] === '\n') index++;
      start = index + 1;
    }
    this.#buffer = this.#buffer.slice(start);
    return events;
  }

  /**
   * The stream has ended: a last event not followed by a blank line is still delivered (the
   * strict rule would drop it, but an answer is worth more than the rule).
   */
  end(): string[] {
    const events: string[] = [];
    const rest = this.#buffer.replace(/\r$/, '');
    this.#buffer = '';
    if (rest) this.#line(rest, events);
    this.#line('', events);
    return events;
  }

  #line(line: string, events: string[]): void {
    if (line === '') {
      if (this.#data.length > 0) events.push(this.#data.join('\n'));
      this.#data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.#data.push(value);
  }
}

const eventTypes: ReadonlySet<string> = new Set<AskStreamEvent['type']>([
  'metadata',
  'chunk',
  'session_updated',
  'complete',
  'error',
]);

/** One event's data as an {@link AskStreamEvent}, or null when it is not JSON of a known type. */
export function parseAskStreamEvent(data: string): AskStreamEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !eventTypes.has(type)) return null;
  return value as AskStreamEvent;
}
