import {
  CLAUSE_REVIEW_CATEGORIES,
  type ClauseMatrixResponse,
  type ClauseSpan,
  type ClausesResponse,
  type DocumentClauses,
  firstWords,
  type Project,
  type ProjectFile,
  type User,
} from '@clearroom/contracts';
import { bestClause } from '../features/clause-review/clauseMatrix';

export const testUser: User = { id: 1, username: 'alice', isAdmin: false };

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    name: 'Project Atlas',
    description: null,
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    companyName: null,
    industry: null,
    businessModel: null,
    ceoName: null,
    ceoContact: null,
    revenue: null,
    profitMargin: null,
    employeeCount: null,
    valuation: null,
    valuationValue: null,
    dealStage: null,
    role: 'owner',
    owner: { id: 1, username: 'alice' },
    ...overrides,
  };
}

export function makeProjectFile(overrides: Partial<ProjectFile> = {}): ProjectFile {
  const status = overrides.processing_status ?? overrides.processingStatus ?? 'completed';
  return {
    id: 1,
    projectId: 1,
    filename: '3f2a9c.pdf',
    originalname: 'Share Purchase Agreement.pdf',
    mimetype: 'application/pdf',
    size: 2_411_724,
    sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    uploadedAt: '2026-03-14T10:00:00.000Z',
    failureReason: null,
    analysisNote: null,
    pageCount: 50,
    pagesProcessed: status === 'completed' ? 50 : 0,
    completedAt: status === 'completed' ? '2026-03-14T10:05:00.000Z' : null,
    ...overrides,
    processing_status: status,
    processingStatus: status,
  };
}

/** CUAD's 41 clause categories, as the clause model names them. */
export const CUAD_CATEGORIES = [
  'Document Name',
  'Parties',
  'Agreement Date',
  'Effective Date',
  'Expiration Date',
  'Renewal Term',
  'Notice Period To Terminate Renewal',
  'Governing Law',
  'Most Favored Nation',
  'Non-Compete',
  'Exclusivity',
  'No-Solicit Of Customers',
  'Competitive Restriction Exception',
  'No-Solicit Of Employees',
  'Non-Disparagement',
  'Termination For Convenience',
  'Rofr/Rofo/Rofn',
  'Change Of Control',
  'Anti-Assignment',
  'Revenue/Profit Sharing',
  'Price Restrictions',
  'Minimum Commitment',
  'Volume Restriction',
  'Ip Ownership Assignment',
  'Joint Ip Ownership',
  'License Grant',
  'Non-Transferable License',
  'Affiliate License-Licensor',
  'Affiliate License-Licensee',
  'Unlimited/All-You-Can-Eat-License',
  'Irrevocable Or Perpetual License',
  'Source Code Escrow',
  'Post-Termination Services',
  'Audit Rights',
  'Uncapped Liability',
  'Cap On Liability',
  'Liquidated Damages',
  'Warranty Duration',
  'Insurance',
  'Covenant Not To Sue',
  'Third Party Beneficiary',
];

/** A clause whose quote sits at the start of its page's text. */
export function makeClause(overrides: Partial<ClauseSpan> = {}): ClauseSpan {
  const quote = overrides.quote ?? 'This Agreement shall be governed by the laws of New York.';
  return {
    category: 'Governing Law',
    score: 0.9,
    pageNumber: 1,
    start: 0,
    end: quote.length,
    group: 0,
    found: (overrides.score ?? 0.9) >= 0.5,
    ...overrides,
    quote,
  };
}

export function makeDocumentClauses(overrides: Partial<DocumentClauses> = {}): DocumentClauses {
  return {
    documentId: 1,
    originalname: 'Share Purchase Agreement.pdf',
    filename: '3f2a9c.pdf',
    mimetype: 'application/pdf',
    note: null,
    clauses: [],
    ...overrides,
  };
}

/** Every category's threshold 0.5 unless given. */
export function makeClausesResponse(overrides: Partial<ClausesResponse> = {}): ClausesResponse {
  return {
    modelVersion: 'cuad-lr-1',
    categories: CUAD_CATEGORIES,
    thresholds: Object.fromEntries(CUAD_CATEGORIES.map((category) => [category, 0.5])),
    reclassifying: null,
    documents: [],
    ...overrides,
  };
}

/**
 * The matrix the server sends for these clauses: each category's best clause, its first words;
 * with `search` `?…columns=review`, of the review's grouped categories only.
 */
export function makeClauseMatrix(response: ClausesResponse, search = ''): ClauseMatrixResponse {
  const reviewOnly = new URLSearchParams(search).get('columns') === 'review';
  const shown = (category: string) => !reviewOnly || CLAUSE_REVIEW_CATEGORIES.includes(category);
  return {
    ...response,
    documents: response.documents.map(({ clauses, ...document }) => ({
      ...document,
      cells: [...new Set(clauses.map((clause) => clause.category))]
        .filter(shown)
        .map((category) => {
          const { quote, ...clause } = bestClause(clauses, category)!;
          return { ...clause, firstWords: firstWords(quote) };
        }),
    })),
  };
}
