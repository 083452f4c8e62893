import { describe, expect, it } from '@jest/globals';
import type { ExtractableDealField } from '@clearroom/contracts';
import type {
  CandidatePage,
  DealExtractor,
  FoundDealValue,
} from '../../infra/deal-extractor/deal-extractor.port.js';
import { RulesDealExtractor } from './rules.deal-extractor.js';

type Page = string | (Partial<CandidatePage> & { text: string });

async function extract(pages: Page[], companyName: string | null = null) {
  const candidates: CandidatePage[] = pages.map((page, index) => ({
    documentId: 7,
    originalname: 'data room.pdf',
    pageNumber: index + 1,
    ...(typeof page === 'string' ? { text: page } : page),
  }));
  const found = await new RulesDealExtractor().extract({
    pages: candidates,
    companyName,
    signal: new AbortController().signal,
  });
  // Whatever a rule finds, its quote is a passage of that page that contains the value.
  for (const [field, value] of Object.entries(found) as [ExtractableDealField, FoundDealValue][]) {
    const page = candidates.find(
      (candidate) =>
        candidate.documentId === value.documentId && candidate.pageNumber === value.pageNumber,
    )!;
    const quote = page.text.slice(value.start, value.end).replace(/\s+/g, ' ');
    if (field !== 'dealStage') expect(quote).toContain(value.value);
  }
  return found;
}

const quoteOf = (text: string, found: FoundDealValue | undefined) =>
  found ? text.slice(found.start, found.end) : undefined;

const PROFILE = [
  'Acme Robotics, Inc. – Company Profile',
  'Acme Robotics, Inc. is a industrial automation company based in Columbus, Ohio.',
  'In fiscal 2023 Acme Robotics reported total revenue of $48.2 million and a net profit margin of 11.5%.',
  'The company has approximately 1,200 employees in three plants.',
  'Acme Robotics is led by Chief Executive Officer Jane Doe, who joined in 2019.',
  'The indicative offer implies an enterprise value of $310 million.',
].join('\n');

describe('RulesDealExtractor', () => {
  it('reads every field of a company profile, each with the sentence it came from', async () => {
    const found = await extract([PROFILE]);
    expect(Object.fromEntries(Object.entries(found).map(([field, v]) => [field, v.value]))).toEqual(
      {
        companyName: 'Acme Robotics, Inc.',
        industry: 'industrial automation',
        ceoName: 'Jane Doe',
        revenue: '$48.2 million',
        profitMargin: '11.5%',
        employeeCount: 'approximately 1,200',
        valuation: '$310 million',
      },
    );
    expect(quoteOf(PROFILE, found.ceoName)).toBe(
      'Acme Robotics is led by Chief Executive Officer Jane Doe, who joined in 2019.',
    );
    expect(quoteOf(PROFILE, found.revenue)).toBe(
      'In fiscal 2023 Acme Robotics reported total revenue of $48.2 million and a net profit margin of 11.5%.',
    );
    expect(found.employeeCount).toMatchObject({ documentId: 7, pageNumber: 1 });
  });

  it('says which page each value is on', async () => {
    const found = await extract([
      'Acme Robotics, Inc. is a industrial automation company.',
      'Financial highlights. Total revenue was $48.2 million.',
    ]);
    expect(found.companyName?.pageNumber).toBe(1);
    expect(found.revenue?.pageNumber).toBe(2);
  });

  it('finds nothing in text that states nothing, and has no fallback without documents', async () => {
    expect(await extract(['The parties agree as follows.'])).toEqual({});
    const extractor: DealExtractor = new RulesDealExtractor();
    await expect(
      extractor.extractFromCompanyName('Acme', new AbortController().signal),
    ).resolves.toBeNull();
  });

  it('stops when the request is aborted', async () => {
    const aborted = new AbortController();
    aborted.abort(new Error('client left'));
    await expect(
      new RulesDealExtractor().extract({
        pages: [{ documentId: 1, originalname: 'a.pdf', pageNumber: 1, text: PROFILE }],
        companyName: null,
        signal: aborted.signal,
      }),
    ).rejects.toThrow('client left');
  });

  describe('company name', () => {
    const PREAMBLE =
      'This Commercialization and License Agreement is made effective as of December 17, 2019 by and between\n' +
      'Vyera Pharmaceuticals, LLC, a Delaware limited liability company (“Vyera”), and CytoDyn Inc., a Delaware corporation (“CytoDyn”).\n' +
      'WHEREAS, Vyera is a pharmaceutical company engaged in the commercialization of products.\n' +
      'WHEREAS, CytoDyn has developed leronlimab, a monoclonal antibody.';

    it('takes the party defined as "the Company" in a purchase agreement', async () => {
      const found = await extract([
        'This Stock Purchase Agreement is entered into by and among Globex Holdings LLC (“Buyer”), Acme Robotics, Inc., a Delaware corporation (the “Company”), and the Sellers named herein.',
      ]);
      expect(found.companyName?.value).toBe('Acme Robotics, Inc.');
    });

    it('takes the party the file is filed under when a contract names two', async () => {
      const found = await extract([
        { text: PREAMBLE, originalname: 'CytodynInc_20200109_10-Q_EX-10.5_License Agreement.pdf' },
      ]);
      expect(found.companyName?.value).toBe('CytoDyn Inc.');
    });

    it('prefers the company the user typed when the documents name it', async () => {
      const found = await extract(
        [{ text: PREAMBLE, originalname: 'CytodynInc_10-Q.pdf' }],
        'Vyera',
      );
      expect(found.companyName?.value).toBe('Vyera Pharmaceuticals, LLC');
      // And what is said of that company is now its industry.
      expect(found.industry?.value).toBe('pharmaceutical');
    });

    it('otherwise takes the party mentioned most', async () => {
      const found = await extract([
        'This Agreement is made by and between Lucent Technologies Inc. ("Lucent") and mPhase Technologies Inc. ("mPhase").',
        'mPhase may use the logo. mPhase shall follow the guidelines. Lucent may terminate.',
      ]);
      expect(found.companyName?.value).toBe('mPhase Technologies Inc.');
    });

    it('copies a name wrapped over two lines with its whitespace normalised', async () => {
      const text =
        'This Agreement is made this 21st day of January 2003 by and between Lucent\nTechnologies Inc., a Delaware corporation ("Lucent") and the Customer.';
      const found = await extract([text]);
      expect(found.companyName?.value).toBe('Lucent Technologies Inc.');
      expect(quoteOf(text, found.companyName)).toContain('Lucent\nTechnologies Inc.');
    });

    it('reads the registrant of a 10-K cover', async () => {
      const found = await extract([
        'UNITED STATES SECURITIES AND EXCHANGE COMMISSION\nFORM 10-K\nACME ROBOTICS, INC.\n(Exact name of registrant as specified in its charter)\nDelaware',
      ]);
      expect(found.companyName?.value).toBe('ACME ROBOTICS, INC.');
    });

    it('does not take a description of a company for its name', async () => {
      const found = await extract([
        'The Licensee is a Washington Corporation with offices in Redmond. The parties agree as follows.',
      ]);
      expect(found.companyName).toBeUndefined();
    });
  });

  describe('industry', () => {
    it('reads a labelled industry', async () => {
      const found = await extract(['Deal summary\nIndustry: Specialty chemicals\nStage: teaser']);
      expect(found.industry?.value).toBe('Specialty chemicals');
    });

    it('reads what the company is said to supply', async () => {
      const found = await extract(
        [
          'This Agreement is made by and between Dialog Semiconductor (UK) Ltd. (“DIALOG”) and Energous Corporation (“ENERGOUS”).\n' +
            'WHEREAS DIALOG is a supplier of mixed-signal semiconductor products;\n' +
            'WHEREAS ENERGOUS is a supplier of uncoupled wirefree charging systems, including antennas;',
        ],
        'Energous',
      );
      expect(found.industry?.value).toBe('supplier of uncoupled wirefree charging systems');
    });

    it('reads an industry word in a recital about the company', async () => {
      const found = await extract(
        [
          'This Software Hosting Agreement is entered into by INKTOMI CORPORATION ("Inktomi") and MICROSOFT CORPORATION ("Microsoft").\nRecitals\n' +
            'A. Inktomi develops and markets computer software products, including a search engine.',
        ],
        'Inktomi',
      );
      expect(found.industry?.value).toBe('software');
    });

    it('does not take what is said of another party, nor a legal form', async () => {
      const found = await extract(
        [
          'This Agreement is made by and between Vyera Pharmaceuticals, LLC (“Vyera”) and CytoDyn Inc. (“CytoDyn”).\n' +
            'WHEREAS, Vyera is a pharmaceutical company engaged in commercialization. CytoDyn is a Delaware corporation.',
        ],
        'CytoDyn',
      );
      expect(found.companyName?.value).toBe('CytoDyn Inc.');
      expect(found.industry).toBeUndefined();
    });
  });

  describe('chief executive', () => {
    const PARTIES =
      'This Agreement is made by and between Acme Robotics, Inc. (“Acme”) and Globex Corporation (“Globex”).\n';
    const SIGNATURES =
      'IN WITNESS WHEREOF, the parties have signed this Agreement.\n' +
      'GLOBEX CORPORATION\nBy: /s/ John Roe\nName: John Roe\nTitle: Chief Executive Officer\n' +
      'ACME ROBOTICS, INC.\nBy: /s/ Jane Doe\nName: Jane Doe, Ph.D.\nTitle: President and Chief Executive Officer';

    it("reads the company's signature block, not the other party's", async () => {
      const text = PARTIES + SIGNATURES;
      const acme = await extract([text], 'Acme Robotics');
      expect(acme.ceoName?.value).toBe('Jane Doe');
      expect(quoteOf(text, acme.ceoName)).toBe(
        'Name: Jane Doe, Ph.D.\nTitle: President and Chief Executive Officer',
      );
      const globex = await extract([text], 'Globex');
      expect(globex.ceoName?.value).toBe('John Roe');
    });

    it('reads signature blocks printed side by side by their column', async () => {
      const text =
        'This Agreement is made by and between Energous Corporation (“ENERGOUS”) and Dialog Semiconductor (UK) Ltd. (“DIALOG”).\n' +
        'ENERGOUS CORPORATION DIALOG SEMICONDUCTOR (UK) LTD\n' +
        'By: /s/ Stephen R. Rizzore By: /s/ Mark Tyndall\n' +
        'Name: Stephen R. Rizzore Name: Mark Tyndall\n' +
        'Title: SVP Corporate Development Title: Managing Director';
      expect((await extract([text], 'Dialog')).ceoName?.value).toBe('Mark Tyndall');
      expect((await extract([text], 'Energous')).ceoName).toBeUndefined();
    });

    it('reads a name written before or after the title', async () => {
      expect((await extract(['Attention: Nader Pourhassan, CEO'])).ceoName?.value).toBe(
        'Nader Pourhassan',
      );
      expect((await extract(['Our CEO, Mary-Ann O’Neil, founded the firm.'])).ceoName?.value).toBe(
        'Mary-Ann O’Neil',
      );
    });

    it('takes no role for a name, nor a former or deputy chief executive', async () => {
      const found = await extract([
        'Any dispute shall first be referred to the Chief Executive Officer of Licensee shall be notified in writing.\n' +
          'The Chief Executive Officer of CERES and the Director of IGER shall meet.\n' +
          'The former Chief Executive Officer John Smith retired. Deputy CEO Anna Berg reports to the board.',
      ]);
      expect(found.ceoName).toBeUndefined();
    });
  });

  describe('revenue', () => {
    it('reads stated revenue in its forms', async () => {
      expect((await extract(['Revenue for fiscal 2023 was $48.2 million.'])).revenue?.value).toBe(
        '$48.2 million',
      );
      expect((await extract(['Acme generated USD 12.5m in revenue.'])).revenue?.value).toBe(
        'USD 12.5m',
      );
      expect((await extract(['Key figures\nRevenue: $48,213'])).revenue?.value).toBe('$48,213');
    });

    it('takes no figure from a licence fee schedule or a royalty clause', async () => {
      const found = await extract([
        '4.2 Royalties. Licensee shall pay a royalty of 5% of annual Net Sales up to $10,000,000 and 7% of annual Net Sales in excess of $10,000,000.\n' +
          'Annual Net Sales of Licensed Products Royalty rate\nUp to $50 million 5%\n' +
          '4.3 Sales milestone. Upon the first achievement of annual net sales of $100 million, Licensee shall pay $5,000,000.\n' +
          'Revenue from the Licensed Products shall be reported quarterly; revenue of $2 million is expected in year one.',
      ]);
      expect(found.revenue).toBeUndefined();
    });

    it('takes no figure of another party, and no bare figure of a table in thousands', async () => {
      const found = await extract([
        'This Agreement is made by and between Acme Robotics, Inc. (“Acme”) and Globex Corporation (“Globex”).\n' +
          'Globex reported total revenue of $900 million last year.\n' +
          'Acme Robotics, Inc. is a industrial automation company.',
      ]);
      expect(found.companyName?.value).toBe('Acme Robotics, Inc.');
      expect(found.revenue).toBeUndefined();
      expect((await extract(['(in thousands)\nRevenue: $48,213'])).revenue).toBeUndefined();
    });
  });

  describe('profit margin', () => {
    it('prefers the net margin, and says which margin when it is another', async () => {
      const both = await extract(['Gross margin of 58% and net margin of 12.5% in 2023.']);
      expect(both.profitMargin?.value).toBe('12.5%');
      const ebitda = await extract(['Acme achieved an EBITDA margin of 21% last year.']);
      expect(ebitda.profitMargin?.value).toBe('EBITDA margin of 21%');
      expect((await extract(['a 9% profit margin'])).profitMargin?.value).toBe('9%');
    });

    it('takes no loan margin or reseller margin, and computes nothing', async () => {
      const found = await extract([
        'Loans bear interest at the Applicable Margin of 2.50% per annum over LIBOR.\n' +
          'The distributor margin of 10% is included in the list price.\n' +
          'Net income was $5 million on revenue of $50 million.',
      ]);
      expect(found.profitMargin).toBeUndefined();
    });
  });

  describe('employees', () => {
    it('reads a stated headcount with its qualifier', async () => {
      expect(
        (await extract(['Acme has approximately 1,200 full-time employees.'])).employeeCount?.value,
      ).toBe('approximately 1,200');
      expect((await extract(['It employs 350 people.'])).employeeCount?.value).toBe('350');
      expect((await extract(['a workforce of about 2,400'])).employeeCount?.value).toBe(
        'about 2,400',
      );
      expect((await extract(['Employees: 85'])).employeeCount?.value).toBe('85');
    });

    it('takes no count of people in an obligation', async () => {
      const found = await extract([
        'Licensee shall make available up to five (5) employees for training, with no more than 10 employees on site at any time, each with 2 staff badges.',
      ]);
      expect(found.employeeCount).toBeUndefined();
    });
  });

  describe('valuation', () => {
    it('reads a valuation, an enterprise value or a purchase price', async () => {
      expect(
        (await extract(['The offer implies an enterprise value of $310 million.'])).valuation
          ?.value,
      ).toBe('$310 million');
      expect(
        (
          await extract([
            'The aggregate purchase price (the “Purchase Price”) shall be $250,000,000, payable at Closing.',
          ])
        ).valuation?.value,
      ).toBe('$250,000,000');
    });

    it('prefers a valuation to a price paid', async () => {
      const found = await extract([
        'The purchase price of $200 million reflects a pre-money valuation of $180 million.',
      ]);
      expect(found.valuation?.value).toBe('$180 million');
    });

    it('takes no price of goods and no liability cap', async () => {
      const found = await extract([
        'The purchase price of each Product shall be $12.50 per unit.\n' +
          'In no event shall liability exceed the aggregate consideration of $1,000,000.',
      ]);
      expect(found.valuation).toBeUndefined();
    });
  });

  describe('deal stage', () => {
    it('reads a letter of intent as the initial review', async () => {
      const text =
        'Acme Robotics, Inc.\nThis non-binding Letter of Intent sets out the principal terms of the proposed acquisition.';
      const found = await extract([text]);
      expect(found.dealStage?.value).toBe('Initial Review');
      expect(quoteOf(text, found.dealStage)).toContain('Letter of Intent');
    });

    it('reads a signed definitive agreement of the company as closing', async () => {
      const found = await extract([
        'Acme Robotics, Inc. is a industrial automation company. Acme Robotics, Inc. has signed a definitive merger agreement with Globex.',
      ]);
      expect(found.dealStage?.value).toBe('Closing');
    });

    it('says nothing from boilerplate about closing or an earlier term sheet', async () => {
      const found = await extract([
        'Closing. The closing of the transactions contemplated hereby shall take place at the offices of counsel. ' +
          'This Agreement supersedes the term sheet dated March 1, 2024. The parties have entered into a definitive agreement.',
      ]);
      expect(found.dealStage).toBeUndefined();
    });
  });
});
