import { describe, expect, it } from '@jest/globals';
import { CUAD_CATEGORIES } from '../../cuad/labels.js';
import { clauseName } from './categories.js';
import { expansionWords, namesAClause, rankCategories } from './thesaurus.js';

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

  it('recognises every clause by the name answers give it, hyphenated or not', () => {
    const asked = CUAD_CATEGORIES.filter((c) => c !== 'Document Name' && c !== 'Parties');
    for (const category of asked) {
      const name = clauseName(category);
      for (const question of [
        `Does the ACME agreement have a ${name}?`,
        `What does the ${name.replaceAll('-', ' ')} of the ACME agreement say?`,
      ]) {
        expect([question, rankCategories(question)[0]?.category]).toEqual([question, category]);
        expect([question, namesAClause(question)]).toEqual([question, true]);
      }
    }
  });

  it('ranks nothing for a question with no clause words', () => {
    expect(rankCategories('hello there')).toEqual([]);
  });
});
