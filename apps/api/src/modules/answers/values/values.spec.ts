import { describe, expect, it } from '@jest/globals';
import { extractDate, normaliseDate, sameDate } from './date.js';
import { extractDuration, sameDuration } from './duration.js';
import { extractValue, redactedValue } from './extract-value.js';
import { extractMoney } from './money.js';
import { extractParties, partyNames } from './parties.js';
import { extractPlace, samePlace } from './place.js';
import { findRedactions } from './redaction.js';

describe('extractPlace', () => {
  it('reads the governing law and its conflict-of-laws exclusion', () => {
    const quote =
      'This Agreement shall be governed by and construed in accordance with the laws of the State of California, excluding its conflict of laws rules.';
    expect(extractPlace(quote)).toEqual({
      value: 'California',
      asWritten: 'California',
      detail: 'excluding its conflict of laws rules',
    });
    expect(extractPlace('governed by the laws of the State of West Virginia')?.value).toBe(
      'West Virginia',
    );
    expect(extractPlace('THE LAWS OF THE COMMONWEALTH OF PENNSYLVANIA')?.value).toBe(
      'Pennsylvania',
    );
    expect(extractPlace('This Agreement is governed by English law.')?.value).toBe('England');
    expect(
      extractPlace(
        'Any such arbitration shall (i) be subject to the application of the Italian Law, (ii) take place in Paris, France',
      )?.value,
    ).toBe('Italy');
    expect(extractPlace('Nothing here names a place.')).toBeNull();
    expect(
      extractPlace('governed by the laws of the United States and the State of Florida')?.value,
    ).toBe('Florida');
    expect(extractPlace('governed by the laws of the United States of America')?.value).toBe(
      'United States',
    );
  });

  it('compares places by their words', () => {
    expect(samePlace('Ontario', 'Ontario, Canada')).toBe(true);
    expect(samePlace('Virginia', 'West Virginia')).toBe(false);
    expect(samePlace('England and Wales', 'Wales, United Kingdom')).toBe(true);
    expect(samePlace('England and Wales', 'Scotland')).toBe(false);
    expect(samePlace('Kazakhstan', 'Republic of Kazakhstan')).toBe(true);
    expect(samePlace('New York', 'California')).toBe(false);
  });
});

describe('extractDuration', () => {
  it('normalises written numbers and picks the one next to the cue', () => {
    const notice =
      'This Agreement shall renew for successive one (1) year terms unless either party gives sixty (60) days prior written notice.';
    expect(extractDuration(notice, 'notice')).toEqual({
      value: '60 days',
      asWritten: 'sixty (60) days',
    });
    expect(extractDuration(notice, 'renewal')).toEqual({
      value: 'successive 1 year',
      asWritten: 'one (1) year',
    });
    expect(extractDuration('thereafter from year to year', 'renewal')?.value).toBe(
      'successive 1 year',
    );
    expect(extractDuration('no period at all', 'notice')).toBeNull();
  });

  it('compares durations by length', () => {
    expect(sameDuration('12 months', '1 year')).toBe(true);
    expect(sameDuration('successive 1 year', '1 year')).toBe(true);
    expect(sameDuration('30 days', '60 days')).toBe(false);
  });
});

describe('extractDate', () => {
  it('reads the forms contracts use, as ISO', () => {
    expect(extractDate('made this 6t h day of March, 2006 by', 'agreement')).toEqual({
      value: '2006-03-06',
      asWritten: '6t h day of March, 2006',
    });
    expect(extractDate('dated as of January 21, 2003', 'agreement')?.value).toBe('2003-01-21');
    expect(extractDate('effective 3/6/06', 'effective')?.value).toBe('2006-03-06');
  });

  it('reads day-first, dashed, ordinal-word and year-only dates', () => {
    expect(extractDate('dated 29/3/18', 'agreement')?.value).toBe('2018-03-29');
    expect(extractDate('signed 3-14-18 by', 'agreement')?.value).toBe('2018-03-14');
    expect(extractDate('made this first day of July, 2017', 'agreement')?.value).toBe('2017-07-01');
    expect(extractDate('as of the twenty-first day of May, 2001', 'agreement')?.value).toBe(
      '2001-05-21',
    );
    expect(extractDate('dated as of ___________, 2015 (the', 'agreement')?.value).toBe('2015');
    expect(extractDate('effective as of the [ ] day of [ ], 2020', 'effective')?.value).toBe(
      '2020',
    );
    expect(extractDate('is effective as of , 2020 (the', 'effective')?.value).toBe('2020');
    expect(extractDate('in fiscal 2020', 'agreement')).toBeNull();
  });

  it('normalises CUAD answers and compares', () => {
    expect(normaliseDate('3/31/11')).toBe('2011-03-31');
    expect(normaliseDate('[]/[]/2016')).toBe('2016');
    // A year left blank states no date to compare.
    expect(normaliseDate('09/14/20[]')).toBeNull();
    expect(sameDate('2010-08-21', '2010-08-22')).toBe(true);
    expect(sameDate('2016-05-01', '2016')).toBe(true);
    expect(sameDate('2016-05-01', '2017-05-01')).toBe(false);
  });
});

describe('extractMoney', () => {
  it('reads the cap amount and its basis', () => {
    expect(
      extractMoney(
        'insurance of not less than $2,000,000 per occurrence and $5,000,000 in the aggregate',
      ),
    ).toEqual({
      value: '$2,000,000 per occurrence',
      asWritten: '$2,000,000',
      detail: 'per occurrence',
    });
    expect(
      extractMoney('a fee of $500. In no event shall liability exceed US$ 1 million.')?.value,
    ).toBe('$ 1 million');
    expect(extractMoney('shall not exceed the fees paid')).toBeNull();
  });
});

describe('extractParties', () => {
  it('reads each party with its defined term', () => {
    const preamble =
      'This Agreement is made by and between NETGEAR, Inc., a Delaware corporation ("NETGEAR"), and Ingram Micro Inc. ("Distributor").';
    const parties = extractParties(preamble);
    expect(parties?.value).toBe('NETGEAR, Inc. ("NETGEAR"); Ingram Micro Inc. ("Distributor")');
    expect(preamble).toContain(parties!.asWritten);
    expect(partyNames(parties!.value)).toEqual(['netgear inc', 'ingram micro inc']);
  });

  it("reads the name after the previous party's description, not the description", () => {
    const preamble =
      'This LICENSE AGREEMENT is entered into by and between World Widgets, Inc. (“Widgets”), a Delaware corporation with offices at 12 North Street, Suite 200, Chicago, IL 60601, and\nAcme Holdings, Inc. (“Acme”), a Delaware\ncorporation with offices at 1 Main Street, Atlanta, Georgia 30326.\nWHEREAS, Widgets owns certain content.';
    expect(extractParties(preamble)?.value).toBe(
      'World Widgets, Inc. ("Widgets"); Acme Holdings, Inc. ("Acme")',
    );
  });

  it('ends a name at its description: an address, a description in brackets, the next line', () => {
    const preamble =
      'THIS AGREEMENT is made as of June 21, 1999 by and between 2THEMART.COM, INC. having its principal place of business at 18301 Von Karman Avenue ("2TheMart"), and deltathree.com, Inc. (formerly known as Delta Three, Inc.), a Delaware corporation ("DeltaThree").\n1. DEFINITIONS.';
    expect(extractParties(preamble)?.value).toBe(
      '2THEMART.COM, INC. ("2TheMart"); deltathree.com, Inc. ("DeltaThree")',
    );
  });

  it('reads terms given without quotes where the name ends, not a place inside a name', () => {
    expect(
      extractParties(
        'This Service Agreement is entered into by Great Lakes Transmission Limited Partnership (Transporter)\nand NORTH PIPELINE COMPANY (Shipper).\nWHEREAS, Shipper has asked',
      )?.value,
    ).toBe(
      'Great Lakes Transmission Limited Partnership ("Transporter"); NORTH PIPELINE COMPANY ("Shipper")',
    );
    expect(
      extractParties(
        'by and between Alpha Paints Trading (Shanghai) Co Ltd ("Alpha"), and Beta Repair Inc. ("Distributor").',
      )?.value,
    ).toBe('Alpha Paints Trading (Shanghai) Co Ltd ("Alpha"); Beta Repair Inc. ("Distributor")');
  });

  it('reads a cover page that lists the parties on lines of their own', () => {
    expect(
      extractParties(
        'FORM OF\nSUPPLY AGREEMENT\nBY AND BETWEEN\nALPHA INC.\nAND\nBETA LIMITED\nDATED AS OF [●]',
      )?.value,
    ).toBe('ALPHA INC.; BETA LIMITED');
    expect(
      extractParties(
        'NOV 02, 2019\nGAMMA IP AG\nAND\nDELTA SYSTEMS, INC.\nLICENSE AND DEVELOPMENT AGREEMENT',
      )?.value,
    ).toBe('GAMMA IP AG; DELTA SYSTEMS, INC.');
  });

  it('reads parties on labelled lines', () => {
    expect(
      extractParties(
        'COOPERATION AGREEMENT\nParty A: Eastern Technology Co., Ltd.\nParty B: Western Travel Co., Ltd.\n',
      )?.value,
    ).toBe('Eastern Technology Co., Ltd. ("Party A"); Western Travel Co., Ltd. ("Party B")');
  });

  it('names no party where the text defines none', () => {
    expect(
      extractParties('This Agreement (the "Agreement") is governed by the laws of New York.'),
    ).toBeNull();
    expect(
      extractParties('The licence is granted as of the Effective Date (the “Effective Date”).'),
    ).toBeNull();
  });
});

describe('redactions', () => {
  it('finds the marks filings use', () => {
    const text = 'up to [***] and [ * ] or * * * or ***** or [Confidential Treatment Requested]';
    expect(findRedactions(text).map((mark) => mark.marker)).toEqual([
      '[***]',
      '[ * ]',
      '* * *',
      '*****',
      '[Confidential Treatment Requested]',
    ]);
    expect(findRedactions('a * b')).toEqual([]);
  });

  it('says a typed value is redacted only when no rule reads it', () => {
    const quote = 'In no event shall liability exceed [***].';
    const value = extractValue('money', 'Cap On Liability', quote);
    expect(value).toBeNull();
    expect(redactedValue('money', quote, value)?.marker).toBe('[***]');
    expect(redactedValue('yes_no', quote, null)).toBeNull();
    expect(
      redactedValue('money', 'shall not exceed $10,000 [***]', extractMoney('$10,000')),
    ).toBeNull();
  });
});
