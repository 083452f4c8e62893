import { describe, expect, it } from '@jest/globals';
import { fuseRankings } from './rrf.js';

describe('fuseRankings', () => {
  it('sums 1 / (60 + rank) over the rankings, best first', () => {
    expect(
      fuseRankings([
        ['a', 'b', 'c'],
        ['c', 'a'],
      ]),
    ).toEqual([
      { id: 'a', score: 1 / 61 + 1 / 62 },
      { id: 'c', score: 1 / 63 + 1 / 61 },
      { id: 'b', score: 1 / 62 },
    ]);
  });

  it('keeps the first ranking’s order for ties, and accepts no rankings', () => {
    expect(fuseRankings([['x'], ['y']]).map((hit) => hit.id)).toEqual(['x', 'y']);
    expect(fuseRankings([])).toEqual([]);
  });
});
