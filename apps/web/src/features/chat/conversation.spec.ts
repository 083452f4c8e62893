import { describe, expect, it } from 'vitest';
import { makeCitation, makeEntry } from './test/askStreamMock';
import { parseSource, splitCitationMarkers, toConversationHistory } from './conversation';

describe('toConversationHistory', () => {
  it('sends the last 6 messages, questions and answers in order', () => {
    const history = [1, 2, 3, 4].map((id) =>
      makeEntry({ id, question: `Q${id}`, answer: `A${id}` }),
    );
    expect(toConversationHistory(history)).toEqual([
      { role: 'user', content: 'Q2' },
      { role: 'assistant', content: 'A2' },
      { role: 'user', content: 'Q3' },
      { role: 'assistant', content: 'A3' },
      { role: 'user', content: 'Q4' },
      { role: 'assistant', content: 'A4' },
    ]);
    expect(toConversationHistory([])).toEqual([]);
  });
});

describe('splitCitationMarkers', () => {
  const one = makeCitation({ n: 1 });
  const two = makeCitation({ n: 2, pageNumber: 7 });

  it('turns known [n] markers into citations and keeps the text around them', () => {
    expect(splitCitationMarkers('Ten years [1], renewable [2].', [one, two])).toEqual([
      { kind: 'text', text: 'Ten years ' },
      { kind: 'citation', citation: one, separator: '' },
      { kind: 'text', text: ', renewable ' },
      { kind: 'citation', citation: two, separator: '' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('reads grouped markers, and leaves unknown numbers as text', () => {
    expect(splitCitationMarkers('See [1, 2] and [9].', [one, two])).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'citation', citation: one, separator: '' },
      { kind: 'citation', citation: two, separator: ' ' },
      { kind: 'text', text: ' and [9].' },
    ]);
    expect(splitCitationMarkers('No markers [a].', [one])).toEqual([
      { kind: 'text', text: 'No markers [a].' },
    ]);
  });
});

describe('parseSource', () => {
  it('reads "<name> (Page N)"', () => {
    expect(parseSource('Lease (final).pdf (Page 12)')).toEqual({
      name: 'Lease (final).pdf',
      pageNumber: 12,
    });
    expect(parseSource('Lease.pdf')).toBeNull();
  });
});
