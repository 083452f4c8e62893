/**
 * Contract-like Markdown for load: "data room volumes" of several hundred pages, each a bundle of
 * agreements between generated parties, with numbered clauses (term, renewal, termination, change
 * of control, assignment, exclusivity, payment, audit, liability, insurance, governing law…),
 * figures, dates and price schedules drawn from a seeded PRNG. The same seed gives the same text,
 * so a kept data directory matches a new run. Pages are counted as the product's text extractor
 * counts them (sections of at most 3,000 characters cut at line ends), so the page total is exact.
 */

export type SyntheticAgreement = {
  kind: string;
  partyA: string;
  partyB: string;
  product: string;
  territory: string;
};

export type SyntheticDocument = {
  name: string;
  text: string;
  pages: number;
  agreements: SyntheticAgreement[];
};

const SECTION_CHARS = 3000;

const STEMS =
  'Aldermere Brightwater Castlegate Dunmore Everly Fairhaven Glenrock Harrowgate Ironbridge Juniper Kestrel Larkspur Meridian Northwind Oakhurst Pinecrest Redfern Silverton Thornbury Valemont Westbrook Yarrow Zenith Ashcombe Beaconsfield Cobalt Driftwood Emberly Foxglove Granite Halcyon Inverness Jasper Kingsley Lumen Marlowe Nettlefield Orchard Pemberton Quillon Rosemont Stratford Tamarind Upland Vantage Whitcombe Arden Bellamy Corvid Delphine'.split(
    ' ',
  );
const SUFFIXES = [
  'Holdings, Inc.',
  'Therapeutics, Inc.',
  'Logistics LLC',
  'Software Corp.',
  'Energy Partners, L.P.',
  'Pharmaceuticals Ltd.',
  'Networks, Inc.',
  'Manufacturing Co.',
  'Foods Corporation',
  'Biosciences AG',
  'Mining Corp.',
  'Media Group plc',
  'Semiconductor B.V.',
  'Retail Stores, Inc.',
];
const KINDS = [
  'Supply Agreement',
  'Distribution Agreement',
  'License Agreement',
  'Master Services Agreement',
  'Manufacturing Agreement',
  'Joint Development Agreement',
  'Reseller Agreement',
  'Hosting Agreement',
  'Sponsorship Agreement',
  'Franchise Agreement',
  'Consulting Agreement',
  'Marketing Agreement',
];
const LAWS = [
  'the State of New York',
  'the State of Delaware',
  'the State of California',
  'the State of Texas',
  'the Commonwealth of Massachusetts',
  'the State of Illinois',
  'England and Wales',
  'the Province of Ontario',
  'the Republic of Singapore',
  'the Netherlands',
];
const PRODUCTS = [
  'industrial pressure sensors',
  'managed network switches',
  'oncology drug candidates',
  'frozen bakery products',
  'solar inverters',
  'cloud hosting services',
  'veterinary vaccines',
  'specialty polymers',
  'underground mining equipment',
  'medical imaging software',
  'lithium battery cells',
  'organic fertilisers',
];
const TERRITORIES = [
  'North America',
  'the European Union',
  'Japan and Korea',
  'Latin America',
  'the United Kingdom',
  'Australia and New Zealand',
  'the People’s Republic of China',
  'the Territory described in Exhibit A',
];
const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );
const NUMBER_WORDS = [
  'ten',
  'fifteen',
  'thirty',
  'forty-five',
  'sixty',
  'ninety',
  'one hundred twenty',
  'one hundred eighty',
];
const NUMBER_VALUES = [10, 15, 30, 45, 60, 90, 120, 180];

/** mulberry32: small, fast and good enough to make every page different. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Context = {
  a: string;
  b: string;
  kind: string;
  law: string;
  product: string;
  territory: string;
  pick<T>(items: readonly T[]): T;
  int(min: number, max: number): number;
  days(): string;
  money(min: number, max: number): string;
  date(): string;
};

function context(random: () => number, agreement: SyntheticAgreement, law: string): Context {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return {
    a: agreement.partyA,
    b: agreement.partyB,
    kind: agreement.kind,
    law,
    product: agreement.product,
    territory: agreement.territory,
    pick,
    int,
    days: () => {
      const i = int(0, NUMBER_WORDS.length - 1);
      return `${NUMBER_WORDS[i]} (${NUMBER_VALUES[i]}) days`;
    },
    money: (min, max) => `$${(int(min, max) * 1000).toLocaleString('en-US')}`,
    date: () => `${pick(MONTHS)} ${int(1, 28)}, ${int(1996, 2021)}`,
  };
}

/** Each clause: a heading and sentences, some chosen at random, all with drawn figures. */
const CLAUSES: [string, (c: Context) => string[]][] = [
  [
    'Appointment',
    (c) => [
      `${c.a} hereby appoints ${c.b} as its ${c.pick(['exclusive', 'non-exclusive'])} distributor of the ${c.product} in ${c.territory}, and ${c.b} accepts such appointment on the terms of this Agreement.`,
      `${c.b} shall not appoint sub-distributors without the prior written consent of ${c.a}.`,
    ],
  ],
  [
    'License Grant',
    (c) => [
      `Subject to the terms of this Agreement, ${c.a} grants to ${c.b} a ${c.pick(['non-exclusive', 'exclusive', 'non-transferable'])}, royalty-bearing license under the Licensed Patents and Know-How to make, use and sell the ${c.product} in ${c.territory}.`,
      `The license may be sublicensed only to Affiliates of ${c.b} and only for so long as they remain Affiliates.`,
    ],
  ],
  [
    'Exclusivity',
    (c) => [
      `During the Term, ${c.a} shall not appoint any other person to market or sell the ${c.product} in ${c.territory}.`,
      `The exclusivity in this Section is conditional on ${c.b} purchasing not less than the Minimum Quantity in each Contract Year.`,
    ],
  ],
  [
    'Term',
    (c) => [
      `This Agreement commences on ${c.date()} and continues for an initial term of ${c.int(1, 10)} years (the "Initial Term"), unless terminated earlier in accordance with Article ${c.int(10, 18)}.`,
    ],
  ],
  [
    'Renewal',
    (c) => [
      `After the Initial Term this Agreement renews automatically for successive renewal terms of ${c.int(1, 3)} year(s) unless either party gives notice of non-renewal at least ${c.days()} before the end of the then-current term.`,
    ],
  ],
  [
    'Termination for Convenience',
    (c) => [
      `${c.pick([c.a, c.b, 'Either party'])} may terminate this Agreement at any time without cause upon ${c.days()} prior written notice to the other party.`,
      `No termination fee is payable on a termination under this Section.`,
    ],
  ],
  [
    'Termination for Cause',
    (c) => [
      `Either party may terminate this Agreement if the other party commits a material breach and fails to cure it within ${c.days()} after written notice describing the breach.`,
      `Either party may terminate this Agreement immediately if the other party becomes insolvent, makes an assignment for the benefit of creditors or has a receiver appointed.`,
    ],
  ],
  [
    'Change of Control',
    (c) => [
      `If ${c.b} undergoes a Change of Control, ${c.a} may terminate this Agreement on ${c.days()} written notice given within six months after it learns of the Change of Control.`,
      `"Change of Control" means the acquisition by any person of more than ${c.int(30, 50)} percent of the voting securities of a party, or the sale of all or substantially all of its assets.`,
    ],
  ],
  [
    'Assignment',
    (c) => [
      `Neither party may assign this Agreement without the prior written consent of the other party, which shall not be unreasonably withheld, except that ${c.a} may assign this Agreement to an Affiliate or to a successor to all or substantially all of its business.`,
      `Any purported assignment in breach of this Section is void.`,
    ],
  ],
  [
    'Prices and Payment',
    (c) => [
      `${c.b} shall pay each invoice within ${c.days()} of the invoice date.`,
      `Late payments bear interest at ${c.int(1, 18) / 2} percent per month or the maximum rate permitted by law, if lower.`,
      `${c.a} may increase the prices in Schedule ${c.int(1, 4)} once per Contract Year on ${c.days()} notice, by no more than ${c.int(2, 9)} percent.`,
    ],
  ],
  [
    'Royalties',
    (c) => [
      `${c.b} shall pay ${c.a} a royalty of ${c.int(2, 15)} percent of Net Sales of the ${c.product}, payable quarterly within ${c.days()} after the end of each calendar quarter.`,
      `Each payment shall be accompanied by a report showing gross sales, deductions and Net Sales by country.`,
    ],
  ],
  [
    'Minimum Purchase Commitment',
    (c) => [
      `${c.b} shall purchase ${c.product} with an aggregate value of at least ${c.money(100, 9000)} in each Contract Year.`,
      `If ${c.b} fails to meet the minimum commitment, ${c.a} may convert the appointment to a non-exclusive one on written notice.`,
    ],
  ],
  [
    'Audit Rights',
    (c) => [
      `${c.a} may, not more than once in any calendar year and on ${c.days()} notice, have an independent certified public accountant inspect the books and records of ${c.b} relating to this Agreement.`,
      `If an audit reveals an underpayment of more than ${c.int(3, 10)} percent, ${c.b} shall bear the cost of the audit.`,
    ],
  ],
  [
    'Confidentiality',
    (c) => [
      `Each party shall keep the Confidential Information of the other party in confidence for ${c.int(2, 7)} years after the end of the Term and use it only to perform this Agreement.`,
      'These obligations do not apply to information that is or becomes public through no fault of the receiving party.',
    ],
  ],
  [
    'Intellectual Property',
    (c) => [
      `All Improvements made by ${c.b} to the ${c.product} shall be owned by ${c.a}, and ${c.b} hereby assigns to ${c.a} all right, title and interest in them.`,
      `Inventions made jointly by the parties shall be owned jointly, each party having an undivided interest.`,
    ],
  ],
  [
    'Warranties',
    (c) => [
      `${c.a} warrants that the ${c.product} will conform to the Specifications and be free from defects in materials and workmanship for ${c.int(6, 36)} months from delivery.`,
      `${c.b}'s sole remedy for breach of this warranty is repair or replacement, or a refund of the price paid.`,
    ],
  ],
  [
    'Indemnification',
    (c) => [
      `${c.a} shall defend, indemnify and hold harmless ${c.b} from all losses arising from any claim that the ${c.product} infringe the intellectual property rights of a third party.`,
      `The indemnified party shall give prompt notice of the claim and allow the indemnifying party to control its defence and settlement.`,
    ],
  ],
  [
    'Limitation of Liability',
    (c) => [
      `Except for breaches of confidentiality and the indemnities in this Agreement, neither party shall be liable for indirect, incidental, special or consequential damages.`,
      `Each party's total liability under this Agreement shall not exceed ${c.pick(['the fees paid in the twelve months preceding the claim', c.money(250, 5000)])}.`,
    ],
  ],
  [
    'Insurance',
    (c) => [
      `${c.b} shall maintain, at its own expense, commercial general liability insurance of not less than ${c.money(1000, 10000)} per occurrence and product liability insurance of not less than ${c.money(1000, 10000)} in the aggregate.`,
      `${c.b} shall name ${c.a} as an additional insured and provide certificates of insurance on request.`,
    ],
  ],
  [
    'Non-Competition',
    (c) => [
      `During the Term and for ${c.int(1, 3)} years afterwards, ${c.b} shall not manufacture or sell any product that competes with the ${c.product} in ${c.territory}.`,
    ],
  ],
  [
    'Non-Solicitation',
    (c) => [
      `During the Term and for ${c.int(6, 24)} months afterwards, neither party shall solicit for employment any employee of the other party engaged in the performance of this Agreement.`,
    ],
  ],
  [
    'Governing Law',
    (c) => [
      `This Agreement is governed by and construed in accordance with the laws of ${c.law}, without regard to its conflict of laws principles.`,
    ],
  ],
  [
    'Dispute Resolution',
    (c) => [
      `Any dispute arising out of this Agreement shall be finally settled by arbitration under the rules of the ${c.pick(['International Chamber of Commerce', 'American Arbitration Association', 'London Court of International Arbitration'])} by ${c.pick(['one arbitrator', 'three arbitrators'])}.`,
      `The seat of arbitration is ${c.pick(['New York', 'London', 'Singapore', 'Chicago', 'Toronto'])}.`,
    ],
  ],
  [
    'Notices',
    (c) => [
      `Notices shall be in writing and delivered by hand, by courier or by email with confirmation to the addresses set out below, and are effective on receipt.`,
      `Notices to ${c.a} shall be marked for the attention of the General Counsel.`,
    ],
  ],
  [
    'Force Majeure',
    (c) => [
      `Neither party is liable for a failure to perform caused by events beyond its reasonable control, provided that it notifies the other party promptly.`,
      `If such an event continues for more than ${c.days()}, either party may terminate this Agreement on written notice.`,
    ],
  ],
];
const BOILERPLATE = [
  'Headings are for convenience only and do not affect the interpretation of this Agreement.',
  'This Agreement may be executed in counterparts, each of which is deemed an original.',
  'No waiver of any provision is effective unless in writing and signed by the waiving party.',
  'If any provision is held invalid, the remaining provisions remain in full force and effect.',
  'This Agreement constitutes the entire agreement of the parties and supersedes all prior understandings.',
  'The parties are independent contractors and nothing in this Agreement creates a partnership or agency.',
  'The provisions that by their nature should survive termination shall survive.',
];

function* agreementLines(random: () => number, agreement: SyntheticAgreement): Generator<string> {
  const c = context(random, agreement, LAWS[Math.floor(random() * LAWS.length)]!);
  yield `# ${agreement.kind.toUpperCase()}`;
  yield '';
  yield `This ${agreement.kind} (the "Agreement") is entered into as of ${c.date()} by and between ${c.a}, a ${c.pick(['Delaware', 'New York', 'Nevada', 'Ontario', 'Dutch'])} company ("${c.a.split(' ')[0]}"), and ${c.b} ("${c.b.split(' ')[0]}"), concerning the ${c.product}.`;
  yield '';
  const articles = CLAUSES.filter(() => random() < 0.85);
  for (const [i, [heading, sentences]] of articles.entries()) {
    yield `## ${i + 1}. ${heading}`;
    const body = sentences(c);
    while (random() < 0.5) body.push(c.pick(BOILERPLATE));
    yield `${i + 1}.1 ${body.join(' ')}`;
    if (random() < 0.3)
      yield `${i + 1}.2 ${c.pick(BOILERPLATE)} ${c.pick(CLAUSES)[1](c).join(' ')}`;
    yield '';
  }
  yield `## Schedule ${c.int(1, 4)}: Prices`;
  for (let row = c.int(20, 70); row > 0; row--) {
    yield `| SKU-${c.int(10000, 99999)} | ${c.product}, model ${c.int(1, 40)} | ${c.int(1, 500) * 10} units | ${c.money(1, 90).replace(',000', '.00')} | ${c.date()} |`;
  }
  yield '';
  yield `IN WITNESS WHEREOF the parties have executed this Agreement. For ${c.a}: ${c.pick(STEMS)} ${c.pick(STEMS)}, Chief Executive Officer. For ${c.b}: ${c.pick(STEMS)} ${c.pick(STEMS)}, General Counsel.`;
  yield '';
}

/**
 * `count` documents holding `pages` pages in total, pages counted as the extractor counts them.
 */
export function* syntheticDocuments({
  seed,
  count,
  pages,
}: {
  seed: number;
  count: number;
  pages: number;
}): Generator<SyntheticDocument> {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const party = () => `${pick(STEMS)} ${pick(SUFFIXES)}`;
  for (let d = 0; d < count; d++) {
    const target = Math.floor(pages / count) + (d < pages % count ? 1 : 0);
    const lines: string[] = [];
    const agreements: SyntheticAgreement[] = [];
    let done = 0;
    let current = 0;
    /** Adds a line as splitIntoSections would; false once the document has its pages. */
    const add = (line: string): boolean => {
      if (current > 0 && current + 1 + line.length > SECTION_CHARS) {
        if (done + 1 === target) return false;
        done++;
        current = line.length;
      } else current = current > 0 ? current + 1 + line.length : line.length;
      lines.push(line);
      return true;
    };
    fill: for (;;) {
      const agreement: SyntheticAgreement = {
        kind: pick(KINDS),
        partyA: party(),
        partyB: party(),
        product: pick(PRODUCTS),
        territory: pick(TERRITORIES),
      };
      agreements.push(agreement);
      for (const line of agreementLines(random, agreement)) if (!add(line)) break fill;
    }
    yield {
      name: `Data room volume ${String(d + 1).padStart(2, '0')} - commercial agreements.md`,
      text: lines.join('\n'),
      pages: target,
      agreements,
    };
  }
}
