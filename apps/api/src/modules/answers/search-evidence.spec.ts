import { describe, expect, it } from '@jest/globals';
import { scoreSentences } from './search-evidence.js';

const PAGES = [
  'DISTRIBUTOR AGREEMENT\nThe parties agree as follows. Prices are set out in Exhibit A.',
  'Appointment. Supplier hereby appoints Distributor as the sole and exclusive distributor to market, promote, advertise and sell the Products in the Territory, and Supplier shall not appoint any other distributor in the Territory.',
  'This Agreement shall be governed by the laws of the State of California.',
];
const document = { documentId: 7, documentName: 'Distributor agreement.pdf', pages: PAGES };
describe('scoreSentences', () => {
  it("ranks the sentence with the category's words first", () => {
    const [best] = scoreSentences(document, 'Exclusivity');
    expect(best!.pageNumber).toBe(2);
    expect(PAGES[1]!.slice(best!.start, best!.end)).toMatch(
      /^Supplier hereby appoints Distributor as the sole and exclusive distributor/,
    );
    expect(best!.thesaurus).toBeGreaterThan(0);
  });
});
