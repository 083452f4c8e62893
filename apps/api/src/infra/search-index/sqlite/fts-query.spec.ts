import { describe, expect, it } from '@jest/globals';
import { queryTerms, scopeTokens, toFtsMatch } from './fts-query.js';

const match = (text: string, projectId: number, documentIds?: number[]) =>
  toFtsMatch(queryTerms(text), projectId, documentIds);

describe('toFtsMatch', () => {
  it('ORs the quoted words of the text, without stop words, within the project', () => {
    expect(match('Which law governs this Agreement?', 3)).toBe(
      'scope : "p3" AND text : ("law" OR "governs")',
    );
  });

  it('restricts to the documents given', () => {
    expect(match('royalties', 3, [5, 8])).toBe(
      'scope : "p3" AND scope : ("d5" OR "d8") AND text : ("royalties")',
    );
  });

  it('turns FTS5 syntax in the text into plain words', () => {
    expect(match('"royalties" NEAR(fee* -cap) AND {scope}: p9', 1)).toBe(
      'scope : "p1" AND text : ("royalties" OR "near" OR "fee" OR "cap" OR "scope" OR "p9")',
    );
  });

  it('keeps stop words when there is nothing else, and gives null without words', () => {
    expect(match('Who are they?', 1)).toBe('scope : "p1" AND text : ("who" OR "are" OR "they")');
    expect(match(' "*-( ', 1)).toBeNull();
  });

  it('accepts only integer ids', () => {
    expect(scopeTokens(4, 12)).toBe('p4 d12');
    expect(() => match('x', 1.5)).toThrow('Not an id: 1.5');
    expect(() => scopeTokens(1, Number.NaN)).toThrow('Not an id');
  });
});
