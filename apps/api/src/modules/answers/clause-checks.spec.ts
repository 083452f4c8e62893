import { describe, expect, it } from '@jest/globals';
import type { Evidence } from './answer.types.js';
import { answerCell } from './answer-cell.js';
import { clauseCounts, clauseStated } from './clause-checks.js';
import { evidenceOn } from './fixtures/evidence.js';

describe('clauseCounts', () => {
  it('never counts a non-exclusive grant, an exclusive remedy or forum as exclusivity', () => {
    for (const text of [
      'Licensor grants to Licensee a non-exclusive, non-transferable license to use the Marks.',
      'appoints the Distributor as its nonexclusive authorized distributor for the Products',
      'grants a perpetual, non- exclusive, royalty-free license',
      'This Agreement does not create an exclusive business relationship between the Parties.',
      'The remedies in this Section are the sole and exclusive remedies of the Customer.',
      'The courts of New York shall have exclusive jurisdiction.',
      // Orders governed by this agreement's terms alone.
      'Each purchase order issued hereunder shall be subject exclusively to the terms of this Agreement.',
    ])
      expect(clauseCounts('Exclusivity', text)).toBe(false);
    for (const text of [
      'Company appoints Distributor as its exclusive distributor of the Products in the Territory.',
      'Distributor shall not sell any products that compete with the Products, or purchase them from any other supplier.',
      'Customer shall purchase its requirements of the Products only from Supplier.',
    ])
      expect(clauseCounts('Exclusivity', text)).toBe(true);
  });

  it('counts a termination right without cause as termination for convenience, not one for cause', () => {
    for (const text of [
      'Either party may terminate this Agreement for convenience upon ninety (90) days written notice.',
      'Either party may terminate this Agreement at any time, for any reason, upon thirty days notice.',
      'AIG shall have the absolute right to terminate this Agreement upon thirty (30) days prior written notice.',
      'Either party may terminate this Agreement by providing three months written notice to the other.',
      // A right at will beside an end by agreement, beside another party's lack of it.
      'This Agreement shall be earlier terminated (x) by mutual agreement of the parties, or (y) at any time upon sixty (60) days advance written notice to the other party.',
      'Party B shall have the right to terminate this Agreement in advance by sending a written notice to Party A but Party A may not terminate or rescind this Agreement;',
      // A right to terminate at will beside an automatic end.
      'This Agreement may be terminated by Nuance at any time, in its sole discretion, prior to the Distribution; provided that this Agreement shall automatically terminate upon the termination of the Separation Agreement.',
      // A right with no reason among rights for cause; a condition of the terminating party's good standing.
      'This Agreement may be terminated by Buyer (a) at any time upon four (4) months written notice, or (b) if Seller is in material breach hereof.',
      'So long as no default exists hereunder, either party may terminate this Agreement at any time upon sixty days written notice.',
      "Sekisui may terminate this Agreement upon prior written notice (i) in the event of any failure of Qualigen to meet a milestone, or (ii) at any other time upon ninety (90) days' prior written notice.",
    ])
      expect(clauseCounts('Termination For Convenience', text)).toBe(true);
    for (const text of [
      'Either Party may terminate this Agreement for material breach upon thirty (30) days notice.',
      'This Agreement may be terminated immediately by Licensor under any of the following conditions:',
      'If Company fails to cure the breach within thirty (30) days after notice, Investor may terminate.',
      'This Agreement shall automatically terminate in case the License Agreement is terminated for any reason.',
      'This Agreement may be terminated by either party with cause upon thirty (30) days written notice.',
      'This Agreement may be terminated at any time upon the mutual written agreement of the parties.',
      'The parties may terminate this Agreement at any time by mutual consent.',
      'This Agreement may not be terminated by either Party at any time for convenience.',
      'Either party may terminate this Agreement at any time if either party fails materially to comply with any covenant.',
      'This Agreement shall be governed by the laws of New York.',
      // An end for any reason that is an event, not a party's right.
      '(c) The Master Lease is terminated or expires for any reason.',
      'Upon termination or expiration of this Agreement for any reason, Distributor shall return all samples.',
      // A right that arises on an event is for that cause.
      'SFJ may terminate this Agreement at any time in the event of a Material Adverse Event immediately upon written notice to PB.',
      'If it is apparent to either Party that the Project cannot be carried out, such Party may terminate this Agreement upon one hundred eighty (180) days written notice.',
    ])
      expect(clauseCounts('Termination For Convenience', text)).toBe(false);
    // An event that is the party's own wish is no cause.
    expect(
      clauseCounts(
        'Termination For Convenience',
        'In the event Customer wishes to terminate this Agreement, it may do so upon sixty (60) days written notice.',
      ),
    ).toBe(true);
    expect(
      clauseStated(
        'Termination For Convenience',
        'Upon termination of this Agreement for any reason, each party shall return the other’s data.',
      ),
    ).toBe(false);
  });

  it('counts a term clause as an expiration, not a termination right or a date alone', () => {
    expect(
      clauseCounts('Expiration Date', 'The term of this Agreement shall be two (2) years.'),
    ).toBe(true);
    expect(clauseCounts('Expiration Date', 'This Agreement shall continue until terminated.')).toBe(
      true,
    );
    expect(
      clauseCounts(
        'Expiration Date',
        'This Agreement shall continue for two (2) years, and its confidentiality terms for three (3) years after its expiration.',
      ),
    ).toBe(true);
    expect(
      clauseCounts('Expiration Date', 'Terms of the project: 12 weeks from February 8, 2018.'),
    ).toBe(true);
    expect(
      clauseCounts(
        'Expiration Date',
        '"Contract Period" shall mean that period of time commencing as of May 31, 1999 and concluding May 31, 2000.',
      ),
    ).toBe(true);
    expect(
      clauseCounts(
        'Expiration Date',
        'This Power of Attorney shall be revoked and terminated automatically upon the termination of the Services Agreement.',
      ),
    ).toBe(true);
    for (const text of [
      'Effective Date: July 1, 2019',
      'This Agreement may be terminated by ArTara upon thirty (30) days prior written notice.',
      'This Affiliate Agreement is executed as of the 14th day of December, 1997.',
      'Schedules:',
      // A period after the term ends: what survives it, not how long it lasts.
      'CAPSUGEL agrees to retain all such Records for a period of five (5) years after the expiration of the Term or after termination of this Agreement.',
    ])
      expect(clauseCounts('Expiration Date', text)).toBe(false);
  });

  it('counts a restriction on competing, not a heading or a clause that leaves competing free', () => {
    expect(
      clauseCounts(
        'Non-Compete',
        'During the term, Distributor shall not sell any product which is competitive with the Products.',
      ),
    ).toBe(true);
    expect(
      clauseCounts('Non-Compete', 'the Consultant shall not engage in any activity in the field'),
    ).toBe(true);
    // A restraint on a line of business for the term or after it, without the word "compete".
    for (const text of [
      'During the Term and for two (2) years from the date of termination of this Agreement, the Contractor undertakes not to develop on its own account any Product.',
      'Throughout the Term, neither XSPA nor any of its affiliates shall sell, market or promote any digital sleep products.',
    ])
      expect(clauseCounts('Non-Compete', text)).toBe(true);
    for (const text of [
      // Not tied to the term, or not a line of business.
      'Licensee shall not sell any Products outside the Territory.',
      'Following the term, the Company shall not advertise, promote or sell any item in connection with the use of any name confusingly similar to the Endorsement.',
    ])
      expect(clauseCounts('Non-Compete', text)).toBe(false);
    for (const text of [
      'Divested Businesses 12',
      'b) [***] (outside)',
      'The receipt of Information will not preclude the Recipient from providing products which may be competitive with those of the Discloser.',
      'Section 4 of the Non-Competition Agreement is hereby deleted in its entirety and replaced with the following: "Term.',
      // A no-solicit of staff, a standstill, a freedom to compete: no restriction on competing.
      'Neither party shall engage in any attempt to hire or recruit the employees of the other during the term.',
      'The Investor shall not engage in any discussions with a third party about a tender offer for the shares.',
      'Supplier reserves the right to sell other goods at the venue competitive to the Distributor Products.',
      'The Manufacturer may engage in the business of selling other devices.',
      // "Competent" is no competing.
      'Any dispute will be submitted exclusively to the competent courts in the Tel-Aviv District.',
      'All work will be done in a competent fashion in accordance with applicable standards.',
    ])
      expect(clauseCounts('Non-Compete', text)).toBe(false);
    // A restriction that also speaks of staff, or denies the freedom, still counts.
    expect(
      clauseCounts(
        'Non-Compete',
        'Agent shall not compete with the Company nor hire its employees for two years.',
      ),
    ).toBe(true);
    expect(
      clauseCounts(
        'Non-Compete',
        'The Reseller may not engage in the business of selling rival devices.',
      ),
    ).toBe(true);
  });

  it('does not count a change of control carved out of an assignment clause, unless it triggers a right', () => {
    for (const text of [
      'A change of control of Rogers shall not be considered an assignment of this Agreement.',
      'Notwithstanding the foregoing, no consent shall be required for an assignment made pursuant to a merger.',
      'Neither Party may assign this Agreement without the prior written consent of the other Party, except that a Party may make such an assignment without the other Party’s consent to its Affiliates or to a successor by merger.',
      // A definition says what a change of control is, not what it does.
      '(b) “Change of Control” means the sale of more than half of the voting shares of a Party.',
      // A party free to assign to whoever takes over its business.
      'This Agreement is not assignable without the prior written consent of the other Party; provided, however that Premier may assign this Agreement in the event that Premier is sold, merged or reorganized.',
      'McDATA may assign this Agreement to any entity controlled by McDATA or to any successor by merger or consolidation.',
    ])
      expect(clauseCounts('Change Of Control', text)).toBe(false);
    for (const text of [
      'Either party may terminate this Agreement upon a change of control of the other party.',
      'Any assignment, including by merger or change of control, requires the prior written consent of Supplier.',
      'no consent shall be required for an assignment in connection with a merger, provided that the assigning party gives the other party notice of it.',
      'Either party may assign this Agreement to a successor by merger, in which case the other party may terminate this Agreement.',
    ])
      expect(clauseCounts('Change Of Control', text)).toBe(true);
  });

  it('counts a most-favoured term only when it compares with what others get', () => {
    for (const text of [
      'Supplier shall extend to Buyer most favored customer pricing.',
      'Such terms shall be no less favorable than those granted to any other licensee.',
      'The prices charged to Distributor shall not exceed the prices charged to any other distributor.',
    ])
      expect(clauseCounts('Most Favored Nation', text)).toBe(true);
    for (const text of [
      'Modem signals have the highest precedence, and Unknown tones have the lowest.',
      'A company is an Affiliate if it owns no less than 10% of its equity.',
    ])
      expect(clauseCounts('Most Favored Nation', text)).toBe(false);
  });

  it('counts a cap when it limits an amount, a kind of damages or the time to claim', () => {
    for (const text of [
      "In no event shall either party's aggregate liability exceed the fees paid.",
      'Neither party shall be liable for any indirect or consequential damages.',
      'Any claim must be brought within one (1) year after the cause of action arises.',
    ])
      expect(clauseCounts('Cap On Liability', text)).toBe(true);
    for (const text of [
      'The Company shall not be liable for defective Products, except as provided in this Agreement.',
      'Bravatek shall indemnify Fazync for any and all damages, costs and expenses.',
    ])
      expect(clauseCounts('Cap On Liability', text)).toBe(false);
  });

  it('counts an anti-assignment clause only when it speaks of assigning, transferring or delegating', () => {
    expect(
      clauseCounts(
        'Anti-Assignment',
        'Neither party may assign this Agreement without the prior written consent of the other party.',
      ),
    ).toBe(true);
    expect(
      clauseCounts(
        'Anti-Assignment',
        'Neither party shall disclose any of the terms of this Agreement to any third party without the prior written consent of the other party.',
      ),
    ).toBe(false);
  });

  it('counts a first right to buy, sell or negotiate, not a clause about something else', () => {
    for (const text of [
      'Before selling its stake to anyone else, Owner shall first offer it to the Partner on the same terms.',
      'The Distributor shall have the right to match any bona fide proposal received from a third party.',
      'Licensor shall negotiate exclusively with Licensee for ninety days before granting any new licence.',
    ])
      expect(clauseCounts('Rofr/Rofo/Rofn', text)).toBe(true);
    for (const text of [
      'The Publisher shall send the Author a copy of each draft manuscript thirty days before its release.',
      'The display shall indicate a dial tone after 200 ms of signal.',
    ])
      expect(clauseCounts('Rofr/Rofo/Rofn', text)).toBe(false);
  });

  it('never counts a line of a table of contents', () => {
    expect(
      clauseCounts(
        'Non-Compete',
        'Competitive Activities.......................................... 12',
      ),
    ).toBe(false);
    expect(clauseCounts('Audit Rights', 'Audit Rights . . . . . . . . 14')).toBe(false);
  });

  it('never counts a contents entry without leaders: a heading and its page number', () => {
    expect(
      clauseCounts('Termination For Convenience', '9.4 Termination for Convenience by Buyer 31'),
    ).toBe(false);
    expect(clauseCounts('Rofr/Rofo/Rofn', 'Right of First Offer on New Products 7')).toBe(false);
    expect(clauseCounts('Expiration Date', 'Article 12 Term and Renewal 40')).toBe(false);
    expect(
      clauseCounts('Expiration Date', 'ARTICLE III TERM; RESIGNATION OR REMOVAL OF OPERATOR 7'),
    ).toBe(false);
    expect(
      clauseCounts('Change Of Control', '9.2 Assignment and Change of Control; Successors 16'),
    ).toBe(false);
    // A clause that ends in a number is still a clause.
    expect(
      clauseCounts('Expiration Date', 'The initial term of this agreement is months: 18'),
    ).toBe(true);
    expect(
      clauseCounts(
        'Termination For Convenience',
        'Either party may terminate this agreement on notice of 45',
      ),
    ).toBe(true);
  });

  it('has no check for other categories', () => {
    expect(clauseCounts('Governing Law', 'anything')).toBe(true);
    expect(clauseStated('Governing Law', 'anything')).toBe(false);
  });
});

describe('clauseStated', () => {
  it('takes a clause stated in so many words', () => {
    expect(clauseStated('Exclusivity', 'COMWARE shall have the exclusive right to resell')).toBe(
      true,
    );
    expect(clauseStated('Exclusivity', 'a non-exclusive right to resell')).toBe(false);
    expect(
      clauseStated(
        'Termination For Convenience',
        'Bank may terminate the Services for convenience',
      ),
    ).toBe(true);
    expect(
      clauseStated('Termination For Convenience', 'may terminate upon thirty days notice'),
    ).toBe(false);
    expect(
      clauseStated(
        'Non-Compete',
        'During the term of this agreement, Distributor shall not market, sell or promote any product which is competitive with or substantially similar to the Products.',
      ),
    ).toBe(true);
    expect(
      clauseStated(
        'Non-Compete',
        'The receipt of Information will not preclude the Recipient from providing products which may be competitive.',
      ),
    ).toBe(false);
    expect(clauseStated('Non-Compete', 'Company shall remain competitive in its market.')).toBe(
      false,
    );
  });
});

describe('answerCell with clause checks', () => {
  const page =
    'Licensor grants to Licensee a non-exclusive license to use the Marks. ' +
    'Either party may terminate this Agreement for convenience upon sixty (60) days notice.';
  const span = (phrase: string, category: Evidence['category'], score: number): Evidence =>
    evidenceOn({ documentId: 3, documentName: 'Licence', pageText: page }, phrase, category, score);

  it('answers "not found" for a found non-exclusive grant, and "Yes" for a stated convenience right', () => {
    const grant = span(
      'Licensor grants to Licensee a non-exclusive license to use the Marks.',
      'Exclusivity',
      0.8,
    );
    expect(
      answerCell({ question: 'Is there an exclusivity clause?', type: 'yes_no' }, [grant], {
        threshold: 0.5,
      }).status,
    ).toBe('not_found');
    const convenience = span(
      'Either party may terminate this Agreement for convenience upon sixty (60) days notice.',
      'Termination For Convenience',
      0.2,
    );
    expect(
      answerCell(
        { question: 'Can a party terminate for convenience?', type: 'yes_no' },
        [convenience],
        { threshold: 0.5 },
      ),
    ).toMatchObject({ status: 'answered', value: 'Yes' });
  });

  it('answers exclusivity from a found licence grant that is exclusive, not from a non-exclusive one', () => {
    const page2 =
      'Licensor grants to Licensee an exclusive license to sell the Products in the Territory. ' +
      'Licensor grants to Licensee a non-exclusive license to use the Marks.';
    const grant = (phrase: string): Evidence => ({
      ...span('', 'License Grant', 0.9),
      pageText: page2,
      start: page2.indexOf(phrase),
      end: page2.indexOf(phrase) + phrase.length,
    });
    const question = { question: 'Is there an exclusivity clause?', type: 'yes_no' as const };
    const exclusive = grant(
      'Licensor grants to Licensee an exclusive license to sell the Products in the Territory.',
    );
    const nonExclusive = grant(
      'Licensor grants to Licensee a non-exclusive license to use the Marks.',
    );
    const cell = answerCell(question, [exclusive, nonExclusive], { threshold: 0.5 });
    expect(cell).toMatchObject({ status: 'answered', value: 'Yes' });
    expect(cell.citations[0]?.quote).toBe(
      'Licensor grants to Licensee an exclusive license to sell the Products in the Territory.',
    );
    expect(answerCell(question, [nonExclusive], { threshold: 0.5 }).status).toBe('not_found');
    expect(answerCell(question, [{ ...exclusive, score: 0.3 }], { threshold: 0.5 }).status).toBe(
      'not_found',
    );
  });
});
