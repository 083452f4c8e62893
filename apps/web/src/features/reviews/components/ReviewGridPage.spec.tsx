import type { ReviewCell, ReviewDetail } from '@clearroom/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch } from '../../../test/fetchMock';
import { makeProject, testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ReviewGridPage } from './ReviewGridPage';
import { ROW_HEIGHT } from './ReviewGrid';

afterEach(() => {
  vi.useRealTimers();
});

const pageText = 'Preamble.\nThis Agreement is governed by the laws of the State of New York.\n';
const quote = 'This Agreement is governed by the laws of the State of New York.';
const start = pageText.indexOf(quote);

const cell = (columnId: number, overrides: Partial<ReviewCell> = {}): ReviewCell => ({
  columnId,
  status: 'answered',
  value: null,
  answer: null,
  confidence: null,
  citations: [],
  verified: false,
  edited: false,
  originalValue: null,
  flagged: false,
  comment: null,
  ...overrides,
});

const lawCell = cell(10, {
  value: 'New York',
  answer: quote,
  confidence: 0.9,
  citations: [
    {
      n: 1,
      documentId: 5,
      originalname: 'Fabrikam.txt',
      filename: 'f.txt',
      mimetype: 'text/plain',
      pageNumber: 2,
      quote,
      start,
      end: start + quote.length,
    },
  ],
});

function makeReview(overrides: Partial<ReviewDetail> = {}): ReviewDetail {
  const review: Omit<ReviewDetail, 'totalRows' | 'matchingRows' | 'offset'> &
    Partial<ReviewDetail> = {
    id: 44,
    projectId: 3,
    name: 'Supply review',
    status: 'completed',
    progress: { done: 2, total: 2 },
    createdAt: '2026-03-14T10:00:00.000Z',
    allDocuments: true,
    columns: [
      { id: 10, label: 'Governing law', question: 'Which law?', type: 'place' },
      { id: 11, label: 'Insurance', question: 'What insurance?', type: 'clause' },
    ],
    rows: [
      {
        documentId: 5,
        originalname: 'Fabrikam.txt',
        filename: 'f.txt',
        mimetype: 'text/plain',
        cells: [lawCell, cell(11, { status: 'not_found' })],
      },
    ],
    ...overrides,
  };
  return {
    totalRows: review.rows.length,
    matchingRows: review.rows.length,
    offset: 0,
    ...review,
  };
}

const row = (documentId: number, originalname: string, cells: ReviewCell[]) => ({
  documentId,
  originalname,
  filename: `${documentId}.txt`,
  mimetype: 'text/plain',
  cells,
});

const baseRoutes = {
  'GET /api/auth/user': { body: { user: testUser } },
  'GET /api/projects': { body: { projects: [makeProject({ id: 3, name: 'Project Ibis' })] } },
};

const render = () =>
  renderWithProviders(<ReviewGridPage />, {
    route: '/project/3/reviews/44',
    path: '/project/:id/reviews/:reviewId',
  });

describe('ReviewGridPage', () => {
  it('shows progress while running and refreshes until the grid is complete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const server = mockFetch({
      ...baseRoutes,
      'GET /api/reviews/44': () => {
        calls += 1;
        return {
          body: {
            review:
              calls === 1
                ? makeReview({
                    status: 'running',
                    progress: { done: 312, total: 4490 },
                  })
                : makeReview(),
          },
        };
      },
    });
    render();
    expect(await screen.findByText('Running: 312 of 4,490 cells')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('Completed: 2 of 2 cells')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(server.callsTo('GET', '/api/reviews/44')).toHaveLength(2);
  });

  it('shows typed values, "Not found", the page cited, and the export links', async () => {
    mockFetch({ ...baseRoutes, 'GET /api/reviews/44': { body: { review: makeReview() } } });
    render();
    const grid = await screen.findByRole('grid', { name: 'Supply review' });
    expect(within(grid).getByRole('rowheader', { name: 'Fabrikam.txt' })).toBeInTheDocument();
    expect(
      within(grid).getByRole('button', { name: 'Governing law of Fabrikam.txt: New York' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('button', { name: 'Insurance of Fabrikam.txt: Not found' }),
    ).toBeInTheDocument();
    expect(within(grid).getByLabelText('Confidence: High')).toBeInTheDocument();
    expect(within(grid).getByText('0 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export Excel' })).toHaveAttribute(
      'href',
      '/api/reviews/44/export?format=xlsx',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/reviews/44/export?format=csv',
    );
  });

  it("opens a cell's citation in the document viewer with the sentence highlighted", async () => {
    mockFetch({
      ...baseRoutes,
      'GET /api/reviews/44': { body: { review: makeReview() } },
      'GET /api/files/5/pages/2': {
        body: { documentId: 5, pageNumber: 2, pageCount: 3, text: pageText, truncated: false },
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    const viewer = await screen.findByRole('region', { name: 'Document viewer' });
    expect(await within(viewer).findByTestId('citation-highlight')).toHaveTextContent(quote);
    expect(within(viewer).getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('verifies and corrects a cell; the original answer stays visible', async () => {
    let stored = lawCell;
    const server = mockFetch({
      ...baseRoutes,
      'GET /api/reviews/44': { body: { review: makeReview() } },
      'PATCH /api/reviews/44/cells/5/10': ({ body }) => {
        const changes = body as { value?: string; verified?: boolean };
        stored = {
          ...stored,
          ...(changes.verified !== undefined && { verified: changes.verified }),
          ...(changes.value !== undefined && {
            value: changes.value,
            edited: true,
            originalValue: 'New York',
          }),
        };
        return { body: { cell: stored } };
      },
    });
    const { user } = render();
    await user.click(
      await screen.findByRole('button', { name: 'Governing law of Fabrikam.txt: New York' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Governing law · Fabrikam.txt' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Verified' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Verified' })).toBeChecked(),
    );
    const field = within(dialog).getByRole('textbox', { name: 'Corrected value' });
    await user.clear(field);
    await user.type(field, 'New York (NY)');
    await user.click(within(dialog).getByRole('button', { name: 'Save value' }));
    expect(
      await within(dialog).findByText('Corrected by a reviewer. Original answer: New York'),
    ).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/api/reviews/44/cells/5/10').map((c) => c.body)).toEqual([
      { verified: true },
      { value: 'New York (NY)' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const grid = screen.getByRole('grid', { name: 'Supply review' });
    expect(within(grid).getByText('1 of 2')).toBeInTheDocument();
    expect(within(grid).getByLabelText('Corrected')).toBeInTheDocument();
  });

  it('shows the first page of rows at once and fetches the others after it', async () => {
    const globex = row(6, 'Globex.txt', [cell(10, { value: 'Delaware' }), cell(11)]);
    const server = mockFetch({
      ...baseRoutes,
      'GET /api/reviews/44': ({ search }) => {
        const offset = Number(new URLSearchParams(search).get('offset'));
        const first = makeReview();
        return {
          body: {
            review:
              offset === 0
                ? { ...first, totalRows: 2, matchingRows: 2 }
                : { ...first, totalRows: 2, matchingRows: 2, offset: 1, rows: [globex] },
          },
        };
      },
    });
    render();
    const grid = await screen.findByRole('grid', { name: 'Supply review' });
    expect(await within(grid).findByRole('rowheader', { name: 'Globex.txt' })).toBeInTheDocument();
    expect(within(grid).getByRole('rowheader', { name: 'Fabrikam.txt' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/reviews/44').map((call) => call.search)).toEqual([
      '?offset=0&limit=40',
      '?offset=1&limit=100',
    ]);
    expect(screen.getByText('2 of 2 documents')).toBeInTheDocument();
  });

  it('asks for the first rows beside the project list, not after it', async () => {
    const projects = deferred<{ body: unknown }>();
    const server = mockFetch({
      ...baseRoutes,
      'GET /api/projects': () => projects.promise,
      'GET /api/reviews/44': { body: { review: makeReview() } },
    });
    render();
    await waitFor(() => expect(server.callsTo('GET', '/api/reviews/44')).toHaveLength(1));
    projects.resolve({ body: { projects: [makeProject({ id: 3, name: 'Project Ibis' })] } });
    expect(await screen.findByRole('grid', { name: 'Supply review' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/reviews/44')).toHaveLength(1);
  });

  it('fetches the rows of a long grid as it scrolls near them, not all at once', async () => {
    const rows = Array.from({ length: 449 }, (_, index) =>
      row(index + 1, `Contract ${index + 1}.txt`, [cell(10, { value: 'Delaware' }), cell(11)]),
    );
    const server = mockFetch({
      ...baseRoutes,
      'GET /api/reviews/44': ({ search }) => {
        const query = new URLSearchParams(search);
        const offset = Number(query.get('offset'));
        const page = rows.slice(offset, offset + Number(query.get('limit')));
        const review = makeReview({ rows: page, offset, totalRows: 449, matchingRows: 449 });
        return { body: { review } };
      },
    });
    render();
    const grid = await screen.findByRole('grid', { name: 'Supply review' });
    expect(grid).toHaveAttribute('aria-rowcount', '450');
    expect(within(grid).getByRole('rowheader', { name: 'Contract 1.txt' })).toBeInTheDocument();
    const searches = () => server.callsTo('GET', '/api/reviews/44').map((call) => call.search);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(searches()).toEqual(['?offset=0&limit=40']);

    fireEvent.scroll(grid, { target: { scrollTop: 80 * ROW_HEIGHT } });
    expect(
      await within(grid).findByRole('rowheader', { name: 'Contract 85.txt' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(searches()).toEqual(['?offset=0&limit=40', '?offset=40&limit=100']));
    fireEvent.scroll(grid, { target: { scrollTop: 150 * ROW_HEIGHT } });
    expect(
      await within(grid).findByRole('rowheader', { name: 'Contract 155.txt' }),
    ).toBeInTheDocument();
  });

  it('has the server sort and filter the whole grid, sending typed filters once typing pauses', async () => {
    const [fabrikam] = makeReview().rows;
    const globex = row(6, 'Globex.txt', [
      cell(10, { value: 'Delaware', flagged: true }),
      cell(11, { status: 'not_found' }),
    ]);
    // A server that knows this grid: what each query's rows are.
    const server = mockFetch({
      ...baseRoutes,
      'GET /api/reviews/44': ({ search }) => {
        const query = new URLSearchParams(search);
        const byLaw = query.get('sort') === '10' && query.get('direction') !== 'desc';
        const rows =
          query.get('document') === 'glob' || query.get('rows') === 'flagged'
            ? [globex]
            : query.get('column') === '10' && query.get('value') === 'new york'
              ? [fabrikam!]
              : byLaw
                ? [globex, fabrikam!]
                : [fabrikam!, globex];
        return { body: { review: makeReview({ rows, totalRows: 2, matchingRows: rows.length }) } };
      },
    });
    const searches = () => server.callsTo('GET', '/api/reviews/44').map((call) => call.search);
    const { user } = render();
    const grid = await screen.findByRole('grid', { name: 'Supply review' });
    const names = () =>
      within(grid)
        .getAllByRole('rowheader')
        .map((header) => header.textContent);
    expect(names()).toEqual(['Fabrikam.txt', 'Globex.txt']);
    // Delaware before New York, then the other way round.
    await user.click(within(grid).getByTitle('Sort by Governing law'));
    await waitFor(() => expect(names()).toEqual(['Globex.txt', 'Fabrikam.txt']));
    expect(within(grid).getByRole('columnheader', { name: /Governing law/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(within(grid).getByTitle('Sort by Governing law'));
    await waitFor(() => expect(names()).toEqual(['Fabrikam.txt', 'Globex.txt']));
    expect(searches()).toEqual([
      '?offset=0&limit=40',
      '?sort=10&offset=0&limit=40',
      '?sort=10&direction=desc&offset=0&limit=40',
    ]);
    await user.click(within(grid).getByTitle('Sort by Document'));

    await user.type(screen.getByRole('textbox', { name: 'Document name contains' }), 'glob');
    await waitFor(() => expect(names()).toEqual(['Globex.txt']));
    expect(screen.getByText('1 of 2 documents')).toBeInTheDocument();
    // One request for the word typed, none for its first letters.
    expect(searches().filter((search) => search.includes('document='))).toEqual([
      '?document=glob&offset=0&limit=40',
    ]);
    await user.clear(screen.getByRole('textbox', { name: 'Document name contains' }));
    await waitFor(() => expect(names()).toEqual(['Fabrikam.txt', 'Globex.txt']));

    await user.click(screen.getByRole('combobox', { name: 'Column' }));
    await user.click(await screen.findByRole('option', { name: 'Governing law' }));
    await user.type(screen.getByRole('textbox', { name: 'Column value contains' }), 'new york');
    await waitFor(() => expect(names()).toEqual(['Fabrikam.txt']));
    await user.clear(screen.getByRole('textbox', { name: 'Column value contains' }));

    await user.click(screen.getByRole('combobox', { name: 'Rows' }));
    await user.click(await screen.findByRole('option', { name: 'Rows with flagged cells' }));
    await waitFor(() => expect(names()).toEqual(['Globex.txt']));
    expect(searches().at(-1)).toBe('?rows=flagged&offset=0&limit=40');
  });

  it('adds a column to the grid: only it runs, and the grid follows its progress', async () => {
    let added = false;
    const server = mockFetch({
      ...baseRoutes,
      'GET /api/reviews/44': () => ({
        body: {
          review: added
            ? makeReview({
                status: 'running',
                progress: { done: 2, total: 3 },
                columns: [
                  ...makeReview().columns,
                  { id: 12, label: 'Audit', question: 'Are there audit rights?', type: 'yes_no' },
                ],
              })
            : makeReview(),
        },
      }),
      'POST /api/reviews/44/columns': () => {
        added = true;
        return { body: { review: makeReview({ status: 'running' }) } };
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Add column' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a column' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Audit');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Question' }),
      'Are there audit rights?',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Answer type' }));
    await user.click(await screen.findByRole('option', { name: 'Yes/No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add and run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/api/reviews/44/columns').map((call) => call.body)).toEqual([
      { label: 'Audit', question: 'Are there audit rights?', type: 'yes_no' },
    ]);
    expect(await screen.findByText('Running: 2 of 3 cells')).toBeInTheDocument();
    expect(
      within(screen.getByRole('grid', { name: 'Supply review' })).getByTitle('Sort by Audit'),
    ).toBeInTheDocument();
  });

  it("shows the server's message when a column cannot be added", async () => {
    mockFetch({
      ...baseRoutes,
      'GET /api/reviews/44': { body: { review: makeReview() } },
      'POST /api/reviews/44/columns': {
        status: 400,
        body: { error: "A column's question is required", code: 'VALIDATION_FAILED' },
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Add column' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a column' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Audit');
    await user.click(within(dialog).getByRole('button', { name: 'Add and run' }));
    expect(await within(dialog).findByText("A column's question is required")).toBeInTheDocument();
  });

  it('shows a viewer the review work without letting them change it or add a column', async () => {
    const server = mockFetch({
      ...baseRoutes,
      'GET /api/projects': {
        body: { projects: [makeProject({ id: 3, name: 'Project Ibis', role: 'viewer' })] },
      },
      'GET /api/reviews/44': {
        body: {
          review: makeReview({
            rows: [
              {
                documentId: 5,
                originalname: 'Fabrikam.txt',
                filename: 'f.txt',
                mimetype: 'text/plain',
                cells: [{ ...lawCell, comment: 'Checked against the schedule' }, cell(11)],
              },
            ],
          }),
        },
      },
    });
    const { user } = render();
    const grid = await screen.findByRole('grid', { name: 'Supply review' });
    // Exports stay: viewers may export.
    expect(screen.getByRole('link', { name: 'Export Excel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add column' })).not.toBeInTheDocument();

    await user.click(
      within(grid).getByRole('button', { name: 'Governing law of Fabrikam.txt: New York' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: 'Verified' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Flagged' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('Corrected value')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save comment' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Comment: Checked against the schedule');
    expect(server.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });
});
