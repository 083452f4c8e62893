import { describe, expect, it } from '@jest/globals';
import { CitationMarkerFilter, citedNumbers, keepValidMarkers } from './citation-markers.js';

const FIVE = new Set([1, 2, 3, 4, 5]);

function streamThrough(pieces: string[], valid = FIVE): { text: string; emitted: string[] } {
  const filter = new CitationMarkerFilter(valid);
  const emitted = pieces.map((piece) => filter.push(piece));
  emitted.push(filter.end());
  return { text: emitted.join(''), emitted };
}

describe('citation markers', () => {
  it('removes a citation of a passage that was not given ([7] with 5 passages), with its space', () => {
    expect(keepValidMarkers('The term is five years [7]. It renews [2].', FIVE)).toBe(
      'The term is five years. It renews [2].',
    );
  });

  it('splits lists and ranges into one marker per passage and keeps only the valid ones', () => {
    expect(keepValidMarkers('Both agree [1, 7; 3].', FIVE)).toBe('Both agree [1][3].');
    expect(keepValidMarkers('See [4-6].', FIVE)).toBe('See [4][5].');
    expect(keepValidMarkers('See [0].', FIVE)).toBe('See.');
  });

  it('leaves brackets that are not citations alone', () => {
    expect(keepValidMarkers('Section [a] and [Reserved] and [ ].', FIVE)).toBe(
      'Section [a] and [Reserved] and [ ].',
    );
  });

  it('lists the cited numbers in order of first use', () => {
    expect(citedNumbers('A [3]. B [1][3]. C [2].')).toEqual([3, 1, 2]);
  });

  it('never lets any part of a phantom marker out, however the stream is split', () => {
    const answer = 'The licence ends in 2030 [7]. Assignment needs consent [2].';
    for (let size = 1; size <= 6; size++) {
      const pieces = answer.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      const { text, emitted } = streamThrough(pieces);
      expect(text).toBe('The licence ends in 2030. Assignment needs consent [2].');
      expect(emitted.join('')).not.toContain('7');
    }
  });

  it('lets text through at once when it cannot be part of a marker', () => {
    const filter = new CitationMarkerFilter(FIVE);
    expect(filter.push('The term is')).toBe('The term is');
    expect(filter.push(' five years [')).toBe(' five years');
    expect(filter.push('1] and')).toBe(' [1] and');
    expect(filter.end()).toBe('');
  });

  it('releases a held bracket that turns out not to be a citation', () => {
    expect(streamThrough(['Price [', 'USD] 5 [3', ']']).text).toBe('Price [USD] 5 [3]');
  });
});
