import { describe, expect, it } from '@jest/globals';
import { extractExpiration } from './expiration.js';

const value = (quote: string, startIso?: string) => extractExpiration(quote, startIso)?.value;

describe('extractExpiration', () => {
  it('reads the date the term ends on, not the one it starts on', () => {
    expect(value('signed May 1, 2001 and shall expire on March 31, 2011.')).toBe('2011-03-31');
    expect(value('Terms of the project: 12 weeks from February 8, 2018 to May 3, 2018.')).toBe(
      '2018-05-03',
    );
    expect(value('commencing as of May 31, 1999 and concluding May 31, 2000.')).toBe('2000-05-31');
    expect(value('Expiration Date: August 31, 2006')).toBe('2006-08-31');
    expect(value('This agreement will be in effect until the end of 2006.')).toBe('2006-12-31');
  });

  it('counts the term from the date the clause starts on, else from the effective date', () => {
    const term = 'The term shall be five (5) years from the Effective Date.';
    expect(extractExpiration(term, '2005-08-22')).toEqual({
      value: '2010-08-21',
      asWritten: 'five (5) years',
      detail: 'five (5) years',
    });
    expect(value(term)).toBeUndefined();
    expect(
      value('This Agreement shall commence on September 10, 2015 and continue for One (1) Year.'),
    ).toBe('2016-09-09');
    expect(
      value('shall continue for a period of twelve (12) full calendar months', '2018-04-25'),
    ).toBe('2019-04-24');
    // A text layer's "I" for the figure 1.
    expect(value('shall continue in effect for one (I) year', '2018-03-14')).toBe('2019-03-13');
  });

  it('counts an anniversary of the effective date', () => {
    expect(
      value(
        'shall continue until the fifth (5t h) anniversary of the Effective Date',
        '2019-05-06',
      ),
    ).toBe('2024-05-06');
    expect(
      value('the day prior to the second anniversary of the Effective Date', '1999-11-20'),
    ).toBe('2001-11-19');
    expect(value('shall end on the seventh anniversary of the date hereof', '2001-11-28')).toBe(
      '2008-11-28',
    );
    // "Of the date of this Agreement": from the agreement's date given, not the day the term begins.
    expect(
      value(
        'will begin on February 1, 1998 and end on the first anniversary of the date of this Agreement',
        '1998-01-26',
      ),
    ).toBe('1999-01-26');
  });

  it('counts a term that ends with its Nth year', () => {
    expect(
      value('The term begins on the Effective Date and ends upon the end of Year 2.', '2004-07-01'),
    ).toBe('2006-06-30');
    expect(
      value(
        'shall remain in force until the end of the tenth (10th) Contract Year and thereafter until terminated',
        '2011-02-15',
      ),
    ).toBe('2021-02-14');
  });

  it('keeps the precision of a start date known to the year or month only', () => {
    expect(value('shall expire ten (10) years from the Effective Date', '2015')).toBe('2025');
    expect(value('continue until the fifth anniversary of the Effective Date', '2020')).toBe(
      '2025',
    );
    expect(value('for a term of six (6) months', '2004-03')).toBe('2004-09');
    expect(value('for a term of ninety (90) days', '2004')).toBeUndefined();
  });

  it('skips notice and renewal periods when it looks for the term', () => {
    expect(
      value(
        'The term of this Agreement shall be two (2) years from the Effective Date with automatic annual renewals thereafter provided either party does not provide sixty (60) days notice',
        '2005-12-08',
      ),
    ).toBe('2007-12-07');
    expect(
      value(
        'will be automatically renewed for successive one (1) year periods unless either party gives ninety (90) days notice',
        '2014-01-01',
      ),
    ).toBeUndefined();
  });

  it('states a term that runs until terminated as perpetual', () => {
    for (const quote of [
      'shall continue in perpetuity',
      'The term of this Agreement will commence on the date that the form is approved and will end when terminated by either party.',
      'shall remain in effect until terminated by either Party upon thirty (30) days’ prior written notice.',
      'shall continue in effect until either Party informs the other Party with thirty (30) day prior written notice of termination of this Agreement.',
      'will commence on the Effective Date and will continue until termination as provided below.',
      'This Agreement is entered into for an unlimited period of time.',
    ])
      expect(value(quote, '2005-01-28')).toBe('perpetual');
    // An initial term comes first: it ends on a date.
    expect(
      value(
        'shall continue for an initial term of one (1) years and indefinitely after that until terminated',
        '2018-03-29',
      ),
    ).toBe('2019-03-28');
    expect(value('unless earlier terminated, shall expire on the Expiration Date')).toBeUndefined();
    // What follows the initial term is no term of its own.
    expect(
      value(
        'After the Initial Term, this Agreement shall continue on a month to month basis until terminated by either party.',
        '2016-02-16',
      ),
    ).toBeUndefined();
  });

  it('states a term that runs until an event with no date of its own as perpetual', () => {
    for (const quote of [
      "will commence on the Effective Date and continue through the completion or termination of Developer's services",
      'This Agreement shall expire if the Investment Advisor ceases to serve as investment adviser to the Licensee.',
      'this IP Agreement shall extend until the last date of expiration of the Intellectual Property rights licensed',
      'shall remain in effect for so long as the Licensee pays the fees',
      'The services shall begin on signature and end on the expiration date of the business licence of the Supplier.',
      'This Agreement shall terminate on the expiry of the Joint Marketing Period.',
      'Upon the expiration of the Transition Period, this Agreement shall automatically terminate in its entirety.',
    ])
      expect(value(quote, '2009-08-28')).toBe('perpetual');
    // The end of the agreement's own term is no event.
    for (const quote of [
      'This Agreement shall terminate upon the expiration of the Initial Term unless renewed.',
      'The licence shall end upon the termination of this Agreement.',
    ])
      expect(value(quote, '2009-08-28')).not.toBe('perpetual');
    // A term of years still ends on a date.
    expect(
      value(
        'shall continue for three (3) years, and thereafter until the expiration of the last patent',
        '2012-01-01',
      ),
    ).toBe('2014-12-31');
  });

  it('reads a term beside words that only look like a notice period', () => {
    expect(
      value(
        'shall begin on the Effective Date and continue for three (3) years, subject to the prior termination rights provided below.',
        '2012-01-01',
      ),
    ).toBe('2014-12-31');
    expect(
      value('shall remain in full force and effect for at least one year thereafter', '1993-12-10'),
    ).toBe('1994-12-09');
    expect(
      value(
        'shall continue for two (2) years unless terminated upon at least sixty (60) days notice',
      ),
    ).toBeUndefined();
    expect(
      value(
        'either party may terminate it upon at least ninety (90) days before the end',
        '2012-01-01',
      ),
    ).toBeUndefined();
  });

  it('ends a term "until the end of the current calendar year" in the year it starts', () => {
    expect(
      value(
        'shall begin upon its execution and shall remain in effect until the end of the current calendar year',
        '2014-05-08',
      ),
    ).toBe('2014-12-31');
    expect(value('shall remain in effect until the end of the current calendar year')).toBe(
      undefined,
    );
  });
});
