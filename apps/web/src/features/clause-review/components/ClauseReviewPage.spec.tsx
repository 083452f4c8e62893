import type { ClausesResponse } from '@clearroom/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockFetch, type MockHandler } from '../../../test/fetchMock';
import {
  makeClause,
  makeClauseMatrix,
  makeClausesResponse,
  makeDocumentClauses,
  makeProject,
  testUser,
} from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ClauseReviewPage } from './ClauseReviewPage';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const controlQuote =
  'Upon a Change of Control of the Licensee, the Licensor may terminate this Agreement by written notice within ninety days.';
const controlPage = `Section 9. Termination.\n${controlQuote}\nSection 10. Notices.`;
const controlStart = controlPage.indexOf(controlQuote);

const response = makeClausesResponse({
  thresholds: {
    ...makeClausesResponse().thresholds,
    'Change Of Control': 0.6,
  },
  documents: [
    makeDocumentClauses({
      documentId: 8,
      originalname: 'Licence.docx',
      mimetype: DOCX,
      clauses: [
        makeClause({
          category: 'Change Of Control',
          score: 0.91,
          pageNumber: 2,
          start: controlStart,
          end: controlStart + controlQuote.length,
          quote: controlQuote,
        }),
        makeClause({ category: 'Change Of Control', score: 0.3, pageNumber: 5, quote: 'Other.' }),
        makeClause({ category: 'Anti-Assignment', score: 0.35, pageNumber: 3, quote: 'Assign.' }),
        makeClause({ category: 'Governing Law', score: 0.95, pageNumber: 7 }),
      ],
    }),
    makeDocumentClauses({
      documentId: 9,
      originalname: 'Supply Agreement.pdf',
      clauses: [
        makeClause({ category: 'Governing Law', score: 0.8, pageNumber: 12 }),
        makeClause({ category: 'Exclusivity', score: 0.3, pageNumber: 4, quote: 'Exclusive.' }),
        makeClause({ category: 'Audit Rights', score: 0.7, pageNumber: 6, quote: 'Audit.' }),
      ],
    }),
    makeDocumentClauses({
      documentId: 10,
      originalname: 'Scanned Lease.pdf',
      note: 'Scanned without a text layer: no clauses could be read.',
    }),
    makeDocumentClauses({ documentId: 11, originalname: 'Board Minutes.docx', mimetype: DOCX }),
  ],
});

/** The matrix of these clauses, and each document's clauses (read on hover and on opening). */
const serve = (clauses: ClausesResponse): Record<string, MockHandler> => ({
  'GET /api/projects/3/clauses/matrix': ({ search }) => ({
    body: makeClauseMatrix(clauses, search),
  }),
  ...Object.fromEntries(
    clauses.documents.map((document) => [
      `GET /api/files/${document.documentId}/clauses`,
      { body: { ...clauses, documents: [document] } },
    ]),
  ),
});

function mockServer(
  clauses: Record<string, MockHandler> = serve(response),
  extra: Record<string, MockHandler> = {},
) {
  return mockFetch({
    'GET /api/auth/user': { body: { user: testUser } },
    'GET /api/projects': { body: { projects: [makeProject({ id: 3, name: 'Project Ibis' })] } },
    ...clauses,
    ...extra,
  });
}

function renderPage(query = '') {
  return renderWithProviders(<ClauseReviewPage />, {
    route: `/project/3/clauses${query}`,
    path: '/project/:id/clauses',
  });
}

const grid = () => screen.findByRole('grid', { name: 'Clause review' });
const row = (name: string) => screen.getByRole('row', { name });
const columnNames = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('columnheader')
    .map((header) => header.getAttribute('aria-label'))
    .filter(Boolean);

describe('ClauseReviewPage', () => {
  it('asks for the matrix down to 0.2 and shows the groups, the categories and their counts', async () => {
    const server = mockServer();
    renderPage();
    await grid();

    // The review's own columns first: the other categories only once "Show all" asks for them.
    expect(server.callsTo('GET', '/api/projects/3/clauses/matrix')[0]?.search).toBe(
      '?minScore=0.2&columns=review',
    );
    // The clauses' text is read only when a cell is hovered or opened.
    expect(server.calls.filter((call) => call.path.endsWith('/clauses'))).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Clause Review' })).toBeInTheDocument();
    for (const group of [
      'Control',
      'Competition',
      'Term',
      'Liability',
      'Commercial',
      'IP',
      'Law',
    ]) {
      expect(screen.getByRole('columnheader', { name: group })).toBeInTheDocument();
    }
    expect(screen.getByRole('columnheader', { name: 'Control' })).toHaveAttribute(
      'aria-colspan',
      '2',
    );
    const control = screen.getByRole('columnheader', { name: 'Change Of Control' });
    expect(control).toHaveTextContent('1 / 3');
    expect(control).toHaveAccessibleDescription('Change Of Control: 1 of 3 agreements (red flag)');
    expect(screen.getByRole('columnheader', { name: 'Governing Law' })).toHaveAccessibleDescription(
      'Governing Law: 2 of 3 agreements',
    );
    expect(columnNames()).toHaveLength(24);
    expect(columnNames()).not.toContain('Audit Rights');
  });

  it('asks for the matrix beside the project list, not after it', async () => {
    const projects = deferred<{ body: unknown }>();
    const server = mockServer(serve(response), { 'GET /api/projects': () => projects.promise });
    renderPage();
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/projects/3/clauses/matrix')).toHaveLength(1),
    );
    projects.resolve({ body: { projects: [makeProject({ id: 3, name: 'Project Ibis' })] } });
    await grid();
    expect(server.callsTo('GET', '/api/projects/3/clauses/matrix')).toHaveLength(1);
  });

  it('shows each cell as found, uncertain or not found, with its first words and page', async () => {
    mockServer();
    renderPage();
    await grid();

    const licence = row('Licence.docx');
    const found = within(licence).getByRole('gridcell', {
      name: 'Change Of Control: found on page 2',
    });
    expect(found).toHaveTextContent('Found');
    expect(found).toHaveTextContent('p. 2');
    expect(found).toHaveTextContent('Upon a Change of Control of the Licensee,…');
    expect(
      within(licence).getByRole('gridcell', { name: 'Anti-Assignment: uncertain on page 3' }),
    ).toHaveTextContent('Uncertain');
    expect(
      within(licence).getByRole('gridcell', { name: 'Exclusivity: not found' }),
    ).toHaveTextContent('Not found');

    // A document without clauses: every cell empty; a scan: its note instead of cells.
    const minutes = within(row('Board Minutes.docx')).getAllByRole('gridcell');
    expect(minutes.length).toBeGreaterThan(5);
    for (const cell of minutes) expect(cell.getAttribute('aria-label')).toMatch(/: not found$/);
    expect(within(row('Board Minutes.docx')).queryByRole('button')).not.toBeInTheDocument();
    const scan = row('Scanned Lease.pdf');
    expect(within(scan).getAllByRole('gridcell')).toHaveLength(1);
    expect(scan).toHaveTextContent('Scanned without a text layer: no clauses could be read.');
  });

  it('shows the whole clause on hover and on keyboard focus, read then', async () => {
    const server = mockServer();
    const { user } = renderPage();
    await grid();

    const cell = within(row('Licence.docx')).getByRole('button', {
      name: 'Change Of Control: found on page 2',
    });
    await user.hover(cell);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(controlQuote);
    await user.unhover(cell);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    const uncertain = within(row('Licence.docx')).getByRole('button', {
      name: 'Anti-Assignment: uncertain on page 3',
    });
    uncertain.focus();
    fireEvent.focus(uncertain);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Assign.');
    // Read once for the document, with the candidates the matrix shows.
    expect(server.callsTo('GET', '/api/files/8/clauses').map((call) => call.search)).toEqual([
      '?minScore=0.2',
    ]);
  });

  it('opens the document viewer at the clause, with exactly that clause highlighted', async () => {
    mockServer(undefined, {
      'GET /api/files/8/pages/2': {
        body: { documentId: 8, pageNumber: 2, pageCount: 3, text: controlPage },
      },
    });
    const { user } = renderPage();
    await grid();

    await user.click(
      within(row('Licence.docx')).getByRole('button', {
        name: 'Change Of Control: found on page 2',
      }),
    );
    const viewer = await screen.findByRole('region', { name: 'Document viewer' });
    expect(within(viewer).getByRole('heading', { name: 'Licence.docx' })).toBeInTheDocument();
    const mark = await within(viewer).findByTestId('citation-highlight');
    expect(mark).toHaveTextContent(controlQuote);
    expect(mark.textContent).toBe(controlQuote);
    expect(within(viewer).getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('filters to red flags only: red-flag columns, and documents with a red flag found', async () => {
    mockServer();
    const { user } = renderPage();
    await grid();

    await user.click(screen.getByRole('switch', { name: 'Red flags only' }));
    expect(columnNames()).toEqual([
      'Change Of Control',
      'Anti-Assignment',
      'Exclusivity',
      'Non-Compete',
      'Uncapped Liability',
      'Liquidated Damages',
      'Most Favored Nation',
      'Rofr/Rofo/Rofn',
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(row('Licence.docx')).toBeInTheDocument();
  });

  it('filters to one document from the URL (the Documents page link) and from the picker', async () => {
    mockServer();
    const { user } = renderPage('?document=9');
    await grid();

    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(row('Supply Agreement.pdf')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Document' })).toHaveValue('Supply Agreement.pdf');

    await user.click(screen.getByRole('combobox', { name: 'Document' }));
    await user.click(await screen.findByRole('option', { name: 'Licence.docx' }));
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(row('Licence.docx')).toBeInTheDocument();
  });

  it('keeps the linked document marked and in view once its filter is cleared', async () => {
    mockServer();
    const { user } = renderPage('?document=9');
    await grid();

    await user.clear(screen.getByRole('combobox', { name: 'Document' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(6));
    expect(row('Supply Agreement.pdf')).toHaveAttribute('aria-selected', 'true');
    expect(row('Licence.docx')).not.toHaveAttribute('aria-selected');
    // The second document's row is scrolled to the top.
    expect(screen.getByRole('grid').scrollTop).toBe(60);
  });

  it('filters to one category', async () => {
    mockServer();
    const { user } = renderPage();
    await grid();

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Governing Law' }));
    expect(columnNames()).toEqual(['Governing Law']);
    expect(screen.getByRole('columnheader', { name: 'Law' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Control' })).not.toBeInTheDocument();
  });

  it('says when no document matches, and clears the filters', async () => {
    mockServer();
    const { user } = renderPage('?redFlags=1&category=Governing%20Law');
    expect(await screen.findByText('No documents match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await grid();
    expect(columnNames()).toHaveLength(24);
  });

  it('shows all 41 categories on request, the others as "Other" once their cells arrive', async () => {
    const whole = deferred<{ body: unknown }>();
    const server = mockServer({
      'GET /api/projects/3/clauses/matrix': ({ search }) =>
        search.includes('columns=review')
          ? { body: makeClauseMatrix(response, search) }
          : whole.promise,
    });
    const { user } = renderPage();
    await grid();

    await user.click(screen.getByRole('switch', { name: 'Show all 41 categories' }));
    // The review's columns stay until the other categories' cells are in.
    expect(await screen.findByText('Loading every category...')).toBeInTheDocument();
    expect(columnNames()).toHaveLength(24);
    expect(screen.getByRole('switch', { name: 'Show all 41 categories' })).toBeChecked();
    expect(server.callsTo('GET', '/api/projects/3/clauses/matrix')[1]?.search).toBe(
      '?minScore=0.2',
    );

    whole.resolve({ body: makeClauseMatrix(response) });
    expect(await screen.findByRole('columnheader', { name: 'Other' })).toHaveAttribute(
      'aria-colspan',
      '17',
    );
    expect(screen.queryByText('Loading every category...')).not.toBeInTheDocument();
    expect(screen.getByRole('grid')).toHaveAttribute('aria-colcount', '42');
    // The audit-rights cell is beyond the columns in view until the grid is scrolled sideways.
    expect(screen.getByRole('columnheader', { name: 'Audit Rights' })).toBeInTheDocument();

    // Back to the review's columns: already at hand, not asked for again.
    await user.click(screen.getByRole('switch', { name: 'Show all 41 categories' }));
    expect(columnNames()).toHaveLength(24);
    expect(server.callsTo('GET', '/api/projects/3/clauses/matrix')).toHaveLength(2);
  });

  it('says when every category could not be loaded, and tries again', async () => {
    let wholeCalls = 0;
    mockServer({
      'GET /api/projects/3/clauses/matrix': ({ search }) =>
        search.includes('columns=review') || ++wholeCalls > 1
          ? { body: makeClauseMatrix(response, search) }
          : { status: 500, body: { error: 'Database unavailable', code: 'INTERNAL_ERROR' } },
    });
    const { user } = renderPage();
    await grid();

    await user.click(screen.getByRole('switch', { name: 'Show all 41 categories' }));
    expect(await screen.findByText('Could not load every category.')).toBeInTheDocument();
    expect(columnNames()).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('columnheader', { name: 'Other' })).toBeInTheDocument();
    expect(screen.queryByText('Could not load every category.')).not.toBeInTheDocument();
  });

  it('asks for every category at once when opened with "Show all"', async () => {
    const server = mockServer();
    renderPage('?all=1');
    expect(await screen.findByRole('columnheader', { name: 'Other' })).toBeInTheDocument();
    expect(
      server.callsTo('GET', '/api/projects/3/clauses/matrix').map((call) => call.search),
    ).toEqual(['?minScore=0.2']);
  });

  it('links to the Excel and CSV exports', async () => {
    mockServer();
    renderPage();
    await grid();

    expect(screen.getByRole('link', { name: 'Export Excel' })).toHaveAttribute(
      'href',
      '/api/projects/3/clauses/export?format=xlsx',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/projects/3/clauses/export?format=csv',
    );
  });

  it('says while documents are re-classified with a new model', async () => {
    mockServer(serve({ ...response, reclassifying: { done: 12, total: 40 } }));
    renderPage();
    expect(
      await screen.findByText('Re-classifying with the new clause model: 12 of 40 documents'),
    ).toBeInTheDocument();
  });

  it('shows loading, then an error with Try Again', async () => {
    const first = deferred<{ status: number; body: unknown }>();
    let calls = 0;
    mockServer({
      'GET /api/projects/3/clauses/matrix': ({ search }) =>
        ++calls === 1 ? first.promise : { body: makeClauseMatrix(response, search) },
    });
    const { user } = renderPage();

    expect(await screen.findByText('Loading clauses...')).toBeInTheDocument();
    first.resolve({ status: 500, body: { error: 'Database unavailable', code: 'INTERNAL_ERROR' } });
    expect(await screen.findByText('Could not load the clause review')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await grid();
  });

  it('says when no document has been analysed yet', async () => {
    mockServer(serve(makeClausesResponse()));
    renderPage();
    expect(await screen.findByText('No analysed documents yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload documents' })).toHaveAttribute(
      'href',
      '/project/3/documents',
    );
  });

  it('renders only the rows and columns in view of 449 documents × 41 categories', async () => {
    const many: ClausesResponse = makeClausesResponse({
      documents: Array.from({ length: 449 }, (_, index) =>
        makeDocumentClauses({
          documentId: index + 1,
          originalname: `Contract ${index + 1}.pdf`,
          clauses: ['Change Of Control', 'Audit Rights'].map((category) =>
            makeClause({ category, score: 0.9 }),
          ),
        }),
      ),
    });
    mockServer(serve(many));
    renderPage('?all=1');
    const table = await grid();

    expect(table).toHaveAttribute('aria-rowcount', '451');
    expect(table).toHaveAttribute('aria-colcount', '42');
    const bodyRows = () => screen.getAllByRole('row').slice(2);
    expect(bodyRows().length).toBeLessThan(30);
    expect(within(bodyRows()[0] as HTMLElement).getAllByRole('gridcell').length).toBeLessThan(15);
    expect(screen.queryByRole('row', { name: 'Contract 300.pdf' })).not.toBeInTheDocument();

    fireEvent.scroll(table, { target: { scrollTop: 299 * 60, scrollLeft: 30 * 184 } });
    const far = await screen.findByRole('row', { name: 'Contract 300.pdf' });
    expect(far).toHaveAttribute('aria-rowindex', '302');
    expect(
      within(far).getByRole('gridcell', { name: 'Audit Rights: found on page 1' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'Contract 1.pdf' })).not.toBeInTheDocument();
  });
});
