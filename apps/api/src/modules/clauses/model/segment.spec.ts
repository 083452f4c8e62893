import { describe, expect, it } from '@jest/globals';
import { type PageText, type Segment, segmentDocument } from './segment.js';

function expectPiecesAreSlices(pages: PageText[], segments: Segment[]) {
  for (const segment of segments) {
    const slices = segment.pieces.map((piece) => {
      const page = pages.find((candidate) => candidate.pageNumber === piece.pageNumber)!;
      expect(piece.start).toBeGreaterThanOrEqual(0);
      expect(piece.end).toBeLessThanOrEqual(page.text.length);
      expect(piece.end).toBeGreaterThan(piece.start);
      const slice = page.text.slice(piece.start, piece.end);
      expect(slice).toBe(slice.trim());
      return slice;
    });
    expect(segment.text).toBe(slices.join(' '));
  }
}

const texts = (segments: Segment[]) => segments.map((segment) => segment.text.replace(/\s+/g, ' '));

describe('segmentDocument', () => {
  it('cuts numbered sections, sub-clauses and sentences, keeping headings as context only', () => {
    const pages: PageText[] = [
      {
        pageNumber: 1,
        text: [
          'DISTRIBUTION AGREEMENT',
          'This Distribution Agreement is made on May 1, 2019 between Acme Inc. and Beta Ltd. (the',
          '"Parties").',
          '',
          'ARTICLE IV',
          'ASSIGNMENT',
          '4.1 Assignment. Neither party may assign this Agreement without the other party’s consent. Any',
          'attempted assignment in breach of this Section is void.',
          '  (a) a merger of Acme;',
          '(b) a sale of substantially all of its assets; or',
          '(ii) any change of control as defined in Section',
          '1.2 of this Agreement.',
          '12. Governing Law. This Agreement is governed by the laws of the State of New York.',
        ].join('\n'),
      },
    ];
    const segments = segmentDocument(pages);
    expectPiecesAreSlices(pages, segments);
    expect(texts(segments)).toEqual([
      'DISTRIBUTION AGREEMENT',
      'This Distribution Agreement is made on May 1, 2019 between Acme Inc. and Beta Ltd. (the "Parties").',
      'Neither party may assign this Agreement without the other party’s consent.',
      'Any attempted assignment in breach of this Section is void.',
      '(a) a merger of Acme;',
      '(b) a sale of substantially all of its assets; or',
      '(ii) any change of control as defined in Section 1.2 of this Agreement.',
      'This Agreement is governed by the laws of the State of New York.',
    ]);
    expect(segments[0]!.isTitle).toBe(true);
    expect(segments[2]!.heading).toBe('Assignment');
    expect(segments[4]!.heading).toBe('Assignment');
    expect(segments[7]!.heading).toBe('Governing Law');
    // The outline: the heading above the section, and the section's first sentence for the rest.
    expect(segments[2]!.outline).toBe('ARTICLE IV ASSIGNMENT');
    expect(segments[4]!.outline).toBe(
      'ARTICLE IV ASSIGNMENT Neither party may assign this Agreement without the other party’s consent.',
    );
    expect(segments[7]!.outline).toBe('ARTICLE IV ASSIGNMENT');
    expect(segments.some((segment) => /^ARTICLE IV|^ASSIGNMENT$/.test(segment.text))).toBe(false);
  });

  it('splits a clause that crosses a page break into one piece per page, leaving page furniture out', () => {
    const pages: PageText[] = [
      {
        pageNumber: 3,
        text: '7.2 Termination. Either party may terminate this Agreement upon thirty (30) days’\nwritten notice to the\n- 3 -',
      },
      { pageNumber: 4, text: 'Page 4 of 9\nother party. The notice shall be in writing.' },
    ];
    const segments = segmentDocument(pages);
    expectPiecesAreSlices(pages, segments);
    expect(segments).toHaveLength(2);
    const [clause] = segments;
    expect(clause!.pieces.map((piece) => piece.pageNumber)).toEqual([3, 4]);
    expect(pages[0]!.text.slice(clause!.pieces[0]!.start, clause!.pieces[0]!.end)).toBe(
      'Either party may terminate this Agreement upon thirty (30) days’\nwritten notice to the',
    );
    expect(pages[1]!.text.slice(clause!.pieces[1]!.start, clause!.pieces[1]!.end)).toBe(
      'other party.',
    );
    expect(clause!.heading).toBe('Termination');
  });

  it('keeps redaction markers inside the sentence and does not break at abbreviations', () => {
    const pages: PageText[] = [
      {
        pageNumber: 1,
        text: 'Licensee shall pay [***] per unit. The fee is [* * *] percent (i.e. [***]%) of Net Sales, see 45 Fed. Reg. 46191 (Sept. 10, 1991) and Sec. 5.\n[***]\nThe Company, Inc. shall pay U.S. taxes.',
      },
    ];
    const segments = segmentDocument(pages);
    expectPiecesAreSlices(pages, segments);
    expect(texts(segments)).toEqual([
      'Licensee shall pay [***] per unit.',
      'The fee is [* * *] percent (i.e. [***]%) of Net Sales, see 45 Fed. Reg. 46191 (Sept. 10, 1991) and Sec. 5.',
      'The Company, Inc. shall pay U.S. taxes.',
    ]);
  });

  it('returns nothing for empty pages and keeps offsets right with leading spaces and CRLF-free text', () => {
    expect(segmentDocument([])).toEqual([]);
    expect(segmentDocument([{ pageNumber: 1, text: '\n\n   \n' }])).toEqual([]);
    const pages = [{ pageNumber: 1, text: '   (A) The first item.   \n   (B) The second item.' }];
    const segments = segmentDocument(pages);
    expectPiecesAreSlices(pages, segments);
    expect(texts(segments)).toEqual(['(A) The first item.', '(B) The second item.']);
  });
});
