import type { ReviewCell, ReviewDetail } from '@clearroom/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { makeProject, testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ReviewGridPage } from './ReviewGridPage';

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
  return {
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
}

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

  it('shows a viewer the review work without letting them change it', async () => {
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

    await user.click(
      within(grid).getByRole('button', { name: 'Governing law of Fabrikam.txt: New York' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: 'Verified' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Flagged' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('Corrected value')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save comment' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Comment: Checked against the schedule');
    expect(server.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });
});
