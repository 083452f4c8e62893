import { describe, expect, it } from '@jest/globals';
import { meaningfulTerms, stem } from './terms.js';

describe('terms', () => {
  it('gives the forms of a word one stem', () => {
    const same = (words: string[]) => expect(new Set(words.map(stem)).size).toBe(1);
    same(['terminate', 'termination', 'terminated', 'terminates']);
    same(['license', 'licensee', 'licensor', 'licenses']);
    same(['assign', 'assignment', 'assignable', 'assigned']);
    same(['expire', 'expiration', 'expires']);
    same(['end', 'ends']);
    same(['governing', 'governed', 'govern']);
  });

  it('keeps different words apart', () => {
    expect(stem('compensation')).not.toBe(stem('competition'));
    expect(stem('less')).toBe('less');
    expect(stem('plus')).toBe('plus');
  });

  it('drops stop words unless nothing else is left', () => {
    expect(meaningfulTerms('What is the term of the Agreement?')).toEqual(['term']);
    expect(meaningfulTerms('Is it?')).toEqual(['is', 'it']);
  });
});
