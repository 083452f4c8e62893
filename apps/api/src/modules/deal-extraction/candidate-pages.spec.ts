import { describe, expect, it } from '@jest/globals';
import { choosePages } from './candidate-pages.js';

const ref = (documentId: number, pageNumber: number) => ({ documentId, pageNumber });

describe('choosePages', () => {
  it("reads each document's first page, then search's best hits by turns, then the next pages", () => {
    const documents = [
      { id: 1, pageCount: 40 },
      { id: 2, pageCount: 1 },
    ];
    const hits = [
      [ref(1, 30), ref(1, 31)],
      [ref(1, 12), ref(1, 1)],
    ];
    expect(choosePages(documents, hits)).toEqual([
      ref(1, 1),
      ref(2, 1),
      ref(1, 30),
      ref(1, 12),
      ref(1, 31),
      ref(1, 2),
      ref(1, 3),
    ]);
  });

  it('stops at the limit, keeping the most useful pages', () => {
    const documents = [1, 2, 3].map((id) => ({ id, pageCount: 10 }));
    expect(choosePages(documents, [[ref(3, 9)]], 4)).toEqual([
      ref(1, 1),
      ref(2, 1),
      ref(3, 1),
      ref(3, 9),
    ]);
  });
});
