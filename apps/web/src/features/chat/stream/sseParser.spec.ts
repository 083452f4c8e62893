import { describe, expect, it } from 'vitest';
import { parseAskStreamEvent, SseParser } from './sseParser';

const line = (event: object) => `data: ${JSON.stringify(event)}\n\n`;

describe('SseParser', () => {
  it('returns an event once its blank line has arrived, however the text is split', () => {
    const text = line({ type: 'chunk', content: 'Hello' });
    for (let cut = 1; cut < text.length; cut++) {
      const parser = new SseParser();
      const events = [...parser.feed(text.slice(0, cut)), ...parser.feed(text.slice(cut))];
      expect(events).toEqual(['{"type":"chunk","content":"Hello"}']);
    }
  });

  it('holds an incomplete event until the rest arrives', () => {
    const parser = new SseParser();
    expect(parser.feed('data: {"type":"chunk",')).toEqual([]);
    expect(parser.feed('"content":"a"}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual(['{"type":"chunk","content":"a"}']);
  });

  it('returns every event of one read, in order', () => {
    const parser = new SseParser();
    const events = parser.feed(
      line({ type: 'chunk', content: 'a' }) +
        line({ type: 'chunk', content: 'b' }) +
        line({ type: 'chunk', content: 'c' }) +
        'data: {"type":"chu',
    );
    expect(events.map((data) => (JSON.parse(data) as { content: string }).content)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(parser.feed('nk","content":"d"}\n\n')).toEqual(['{"type":"chunk","content":"d"}']);
  });

  it('accepts CRLF and CR line ends, even with CR and LF in different reads', () => {
    const parser = new SseParser();
    expect(parser.feed('data: one\r')).toEqual([]);
    expect(parser.feed('\n\r')).toEqual([]);
    expect(parser.feed('\ndata: two\r\r\n')).toEqual(['one', 'two']);
  });

  it('joins the data lines of one event, and ignores comments and other fields', () => {
    const parser = new SseParser();
    expect(
      parser.feed(': keep-alive\n\nevent: message\nid: 4\ndata: first\ndata:second\nretry: 10\n\n'),
    ).toEqual(['first\nsecond']);
  });

  it('skips a blank line with no data before it', () => {
    const parser = new SseParser();
    expect(parser.feed('\n\n\ndata: x\n\n\n')).toEqual(['x']);
  });

  it('delivers a last event without its blank line when the stream ends', () => {
    const parser = new SseParser();
    expect(parser.feed('data: {"type":"chunk","content":"end"}')).toEqual([]);
    expect(parser.end()).toEqual(['{"type":"chunk","content":"end"}']);
    expect(parser.end()).toEqual([]);
  });
});

describe('parseAskStreamEvent', () => {
  it('reads the events of the ask stream', () => {
    expect(parseAskStreamEvent('{"type":"chunk","content":"Hi"}')).toEqual({
      type: 'chunk',
      content: 'Hi',
    });
    expect(parseAskStreamEvent('{"type":"error","error":"No","code":"X"}')).toEqual({
      type: 'error',
      error: 'No',
      code: 'X',
    });
  });

  it('returns null for malformed JSON, non-objects and unknown types', () => {
    expect(parseAskStreamEvent('{"type":"chunk",')).toBeNull();
    expect(parseAskStreamEvent('not json')).toBeNull();
    expect(parseAskStreamEvent('42')).toBeNull();
    expect(parseAskStreamEvent('null')).toBeNull();
    expect(parseAskStreamEvent('{"content":"x"}')).toBeNull();
    expect(parseAskStreamEvent('{"type":"ping"}')).toBeNull();
  });
});
