import { describe, expect, it } from '@jest/globals';
import { segmentDocument } from './segment.js';
import {
  DATE_WITHOUT_EFFECT,
  SHORT_SPAN_EXTRACTORS,
  WEAK_PHRASE,
  phraseWeight,
  piecesOfRange,
} from './short-spans.js';

const phrases = (category: string, text: string) =>
  SHORT_SPAN_EXTRACTORS[category]!(text).map(([start, end]) => text.slice(start, end));

describe('short-span extractors', () => {
  const preamble =
    'This Commercialization and License Agreement (this “Agreement”) is made effective as of December 17, 2019 (the “Effective Date”) by and between Vyera Pharmaceuticals, LLC, a Delaware limited liability company (“Vyera”), and CytoDyn Inc., a Delaware corporation (“CytoDyn”).';

  it('narrows the preamble to the agreement’s name, its date and its parties', () => {
    expect(phrases('Document Name', preamble)).toEqual(['Commercialization and License Agreement']);
    expect(phrases('Agreement Date', preamble)).toEqual(['December 17, 2019']);
    expect(phrases('Effective Date', preamble)).toEqual(['December 17, 2019']);
    expect(phrases('Parties', preamble)).toEqual([
      'Vyera Pharmaceuticals, LLC',
      'Vyera',
      'CytoDyn Inc.',
      'CytoDyn',
    ]);
  });

  it('reads the usual date forms and leaves a title or a dateless sentence whole', () => {
    expect(
      phrases('Agreement Date', 'made this 8th day of May 2014, and amended on 1/9/2020'),
    ).toEqual(['8th day of May 2014', '1/9/2020']);
    expect(
      phrases('Effective Date', 'The term commences on the date of the last signature.'),
    ).toEqual([]);
    expect(
      phrases('Document Name', 'Exhibit 10.4\nMASTER SUPPLY AGREEMENT\nThis Agreement'),
    ).toEqual(['MASTER SUPPLY AGREEMENT']);
    expect(phrases('Document Name', 'THIS CO-BRANDING AND ADVERTISING AGREEMENT (the')).toEqual([
      'CO-BRANDING AND ADVERTISING AGREEMENT',
    ]);
    expect(phrases('Agreement Date', 'made this _____ day of __________, 2015 by')).toEqual([
      '_____ day of __________, 2015',
    ]);
    // Dates left (partly) blank, in words, or in figures with dashes or dots.
    const forms = [
      'dated [ ] day of [ ], 2020 by',
      'as of ___________, 2015 between',
      'entered into on June , 2010 by',
      'made as of November ___, 2006',
      'effective the first day of July, 2017 (the',
      'signed this 19  DAY OF MAY , 2010',
      'as of [•], 2020,',
      'dated April 2013.',
      'Contract start: 3-14-18',
      'from 1.4.2011 on',
    ].map((text) => phrases('Agreement Date', text));
    expect(forms).toEqual([
      ['[ ] day of [ ], 2020'],
      ['___________, 2015'],
      ['June , 2010'],
      ['November ___, 2006'],
      ['first day of July, 2017'],
      ['19  DAY OF MAY , 2010'],
      ['[•], 2020'],
      ['April 2013'],
      ['3-14-18'],
      ['1.4.2011'],
    ]);
    expect(phrases('Agreement Date', 'Section 10 may be amended; see 5 days of notice.')).toEqual(
      [],
    );
    expect(
      phrases('Effective Date', 'This Agreement shall commence on the date of its execution.'),
    ).toEqual(['This Agreement shall commence on the date of its execution.']);
    expect(
      phrases(
        'Parties',
        'between NETWORK 1 FINANCIAL, INC. ("NETWORK 1") and 2THEMART.COM, INC. Acme and Beta are referred to individually as a "Party".',
      ),
    ).toEqual([
      // The sentence that names the parties' collective term is a Parties passage whole.
      'between NETWORK 1 FINANCIAL, INC. ("NETWORK 1") and 2THEMART.COM, INC. Acme and Beta are referred to individually as a "Party".',
      'NETWORK 1 FINANCIAL, INC.',
      'NETWORK 1',
      '2THEMART.COM, INC.',
    ]);
  });

  it('finds parties named without a suffix, in bare parentheses, and the collective-term parenthesis', () => {
    expect(
      phrases(
        'Parties',
        'made by and between Bruce Jenner, an individual (CELEBRITY), and The Right Solution, a Nevada company (the Client).',
      ),
    ).toEqual(['Bruce Jenner', 'CELEBRITY', 'The Right Solution', 'Client']);
    expect(
      phrases(
        'Parties',
        'between Acme Corp. (“Acme”) and Beta LLC (“Beta”) (each a "Party", collectively, the "Parties").',
      ),
    ).toEqual([
      'between Acme Corp. (“Acme”) and Beta LLC (“Beta”) (each a "Party", collectively, the "Parties").',
      'Acme Corp.',
      'Acme',
      'Beta LLC',
      'Beta',
      '(each a "Party", collectively, the "Parties")',
    ]);
    // "Premier Nutrition Corporation" is a company by its suffix, not "Premier Nutrition" described.
    expect(phrases('Parties', 'and Premier Nutrition Corporation, a Delaware corporation')).toEqual(
      ['Premier Nutrition Corporation'],
    );
  });

  it('weighs phrases by kind: a party’s term beside its name, this agreement’s name, a date that takes effect', () => {
    const weigh = (category: string, text: string, phrase: string) => {
      const from = text.lastIndexOf(phrase);
      return phraseWeight(category, text, [from, from + phrase.length]);
    };
    const preamble = 'between Acme Holdings, Inc., a Delaware corporation (“Acme”), and Beta LLC';
    expect(weigh('Parties', preamble, 'Acme Holdings, Inc.')).toBe(1);
    expect(weigh('Parties', preamble, 'Acme')).toBe(1);
    expect(
      weigh('Parties', 'All “Confidential Data” shall be returned.', 'Confidential Data'),
    ).toBe(WEAK_PHRASE);
    expect(weigh('Document Name', 'This Supply Agreement is made', 'Supply Agreement')).toBe(1);
    expect(weigh('Document Name', 'as set out in the Supply Agreement', 'Supply Agreement')).toBe(
      WEAK_PHRASE,
    );
    expect(weigh('Effective Date', 'effective as of May 1, 2020', 'May 1, 2020')).toBe(1);
    expect(weigh('Effective Date', 'made on May 1, 2020 by', 'May 1, 2020')).toBe(
      DATE_WITHOUT_EFFECT,
    );
    expect(phrases('Effective Date', 'made on May 1, 2020 by')).toEqual(['May 1, 2020']);
    expect(weigh('Governing Law', 'the laws of Delaware', 'Delaware')).toBe(1);
  });

  it('maps a phrase back to page pieces, across a page break too', () => {
    const pages = [
      { pageNumber: 1, text: 'This Agreement is made on December\n17, 2019 by Acme Corp. and' },
      { pageNumber: 2, text: 'Beta Inc. (“Beta”).' },
    ];
    const [segment] = segmentDocument(pages);
    const [date] = SHORT_SPAN_EXTRACTORS['Agreement Date']!(segment!.text);
    const [piece] = piecesOfRange(segment!, date![0], date![1]);
    expect(pages[0]!.text.slice(piece!.start, piece!.end)).toBe('December\n17, 2019');
    const from = segment!.text.indexOf('and Beta');
    const pieces = piecesOfRange(segment!, from, from + 'and Beta'.length);
    expect(pieces.map((p) => pages[p.pageNumber - 1]!.text.slice(p.start, p.end))).toEqual([
      'and',
      'Beta',
    ]);
  });
});
