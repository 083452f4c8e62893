import { describe, expect, it } from '@jest/globals';
import { expansionWords, rankCategories } from './thesaurus.js';

describe('the thesaurus learned from CUAD train passages', () => {
  it("links the issue's legal phrasings to their categories", () => {
    expect(
      rankCategories('Distributor shall be the only distributor appointed in the Territory')[0]
        ?.category,
    ).toBe('Exclusivity');
    expect(
      rankCategories('merger, acquisition or sale of all or substantially all assets')[0]?.category,
    ).toBe('Change Of Control');
    expect(
      rankCategories('either party may terminate for convenience upon notice')[0]?.category,
    ).toBe('Termination For Convenience');
  });

  it('offers the words typical of a category for widening a search', () => {
    expect(expansionWords('Exclusivity', 10)).toEqual(expect.arrayContaining(['exclusive']));
    expect(expansionWords('Change Of Control', 10)).toEqual(
      expect.arrayContaining(['merger', 'acquisition']),
    );
    expect(expansionWords('Termination For Convenience', 3)).toContain('convenience');
  });

  it('ranks nothing for a question with no clause words', () => {
    expect(rankCategories('hello there')).toEqual([]);
  });
});
