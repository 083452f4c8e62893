import { describe, expect, it } from '@jest/globals';
import type {
  CandidatePage,
  FoundDealValue,
} from '../../infra/deal-extractor/deal-extractor.port.js';
import { type Rejection, verifyFoundValues } from './verify-found-values.js';

const PAGE: CandidatePage = {
  documentId: 3,
  originalname: 'profile.docx',
  pageNumber: 2,
  text: 'Financial highlights.\nTotal revenue was\n$48.2 million in 2023.',
};
const at = (quote: string) => ({
  start: PAGE.text.indexOf(quote),
  end: PAGE.text.indexOf(quote) + quote.length,
});
const found = (
  value: string,
  span: { start: number; end: number },
  page = PAGE,
): FoundDealValue => ({
  value,
  documentId: page.documentId,
  pageNumber: page.pageNumber,
  ...span,
});

function verify(values: Record<string, FoundDealValue>) {
  const rejections: Rejection[] = [];
  const result = verifyFoundValues(values, [PAGE], (rejection) => rejections.push(rejection));
  return { ...result, rejections };
}

describe('verifyFoundValues', () => {
  it('keeps a value quoted from its page, with the quote as the page text slice', () => {
    const quote = 'Total revenue was\n$48.2 million in 2023.';
    const { dealDetails, provenance, rejections } = verify({
      revenue: found('$48.2  Million', at(quote)),
    });
    expect(rejections).toEqual([]);
    expect(dealDetails).toEqual({ revenue: '$48.2 Million' });
    expect(provenance).toEqual({
      revenue: { documentId: 3, originalname: 'profile.docx', pageNumber: 2, quote, ...at(quote) },
    });
  });

  it('drops a value its quote does not contain, or a quote outside the page', () => {
    const { dealDetails, rejections } = verify({
      revenue: found('$52 million', at('Total revenue was')),
      industry: found('highlights', { start: 5, end: PAGE.text.length + 1 }),
      valuation: found('2023', { start: 10, end: 10 }),
    });
    expect(dealDetails).toEqual({});
    expect(rejections).toEqual([
      { field: 'revenue', reason: 'the quote does not contain the value' },
      {
        field: 'industry',
        reason: `quote [5, ${PAGE.text.length + 1}) is not a range of the page (${PAGE.text.length} characters)`,
      },
      {
        field: 'valuation',
        reason: `quote [10, 10) is not a range of the page (${PAGE.text.length} characters)`,
      },
    ]);
  });

  it('drops a value from a page that was not read, an empty one, and a field that is not a deal field', () => {
    const { dealDetails, rejections } = verify({
      companyName: found('Acme', at('Financial'), { ...PAGE, pageNumber: 9 }),
      ceoName: found('  ', at('Financial')),
      password: found('Financial', at('Financial')),
    });
    expect(dealDetails).toEqual({});
    expect(rejections.map((rejection) => rejection.reason)).toEqual([
      'page 9 of document 3 was not read',
      'empty value',
      'not a deal field',
    ]);
  });

  it('takes a deal stage only as one of the stages, from a real passage', () => {
    const { dealDetails, rejections } = verify({
      dealStage: found('Initial Review', at('Financial highlights.')),
    });
    expect(dealDetails).toEqual({ dealStage: 'Initial Review' });
    expect(rejections).toEqual([]);
    expect(verify({ dealStage: found('Signed', at('Financial')) }).rejections).toEqual([
      { field: 'dealStage', reason: 'not one of the deal stages' },
    ]);
  });
});
