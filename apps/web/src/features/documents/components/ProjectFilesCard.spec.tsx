import type { ProjectFile } from '@clearroom/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch, type MockHandler, type MockResponse } from '../../../test/fetchMock';
import {
  makeClause,
  makeClauseMatrix,
  makeClausesResponse,
  makeDocumentClauses,
  makeProjectFile,
} from '../../../test/fixtures';
import { setViewportWidth } from '../../../test/matchMedia';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ProjectFilesCard } from './ProjectFilesCard';

const FILES = '/api/projects/1/files';

function renderCard(
  files: MockHandler,
  {
    routes = {},
    refreshEveryMs,
  }: { routes?: Record<string, MockHandler>; refreshEveryMs?: number } = {},
) {
  const server = mockFetch({ [`GET ${FILES}`]: files, ...routes });
  const rendered = renderWithProviders(
    <ProjectFilesCard projectId={1} canDelete refreshEveryMs={refreshEveryMs} />,
  );
  return { server, ...rendered };
}

const listOf = (...files: ProjectFile[]): MockResponse => ({ body: { files } });

async function rowOf(name: string) {
  const row = (await screen.findByText(name)).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ProjectFilesCard', () => {
  it('shows a spinner while the list loads', async () => {
    const answer = deferred<MockResponse>();
    renderCard(() => answer.promise);
    expect(await screen.findByRole('status', { name: 'Loading files' })).toBeInTheDocument();
    answer.resolve(listOf());
    expect(
      await screen.findByText(
        'No documents uploaded yet. Upload your first document to get started.',
      ),
    ).toBeInTheDocument();
  });

  it("shows 'Error loading files: {message}' when the list cannot be loaded", async () => {
    renderCard({
      status: 503,
      body: { error: 'Database unavailable', code: 'SERVICE_UNAVAILABLE' },
    });
    expect(
      await screen.findByText('Error loading files: Database unavailable'),
    ).toBeInTheDocument();
  });

  it('reads a response without a files array as an empty list', async () => {
    renderCard({ body: { files: 'none' } });
    expect(
      await screen.findByText(
        'No documents uploaded yet. Upload your first document to get started.',
      ),
    ).toBeInTheDocument();
  });

  it('shows name, type, size and en-GB upload date in their columns', async () => {
    renderCard(
      listOf(
        makeProjectFile({ id: 1, originalname: 'Share Purchase Agreement.pdf', size: 2_411_724 }),
        makeProjectFile({
          id: 2,
          originalname: 'Cap table.xlsx',
          mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          size: 1536,
          uploadedAt: '2026-02-01 09:30:00',
        }),
        makeProjectFile({ id: 3, originalname: 'notes.txt', mimetype: 'text/plain', size: 512 }),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Project files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Size', 'Uploaded', 'Analysis Status', 'Actions']);

    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(await rowOf('Share Purchase Agreement.pdf')).slice(0, 3)).toEqual([
      'Share Purchase Agreement.pdfPDF',
      '2.3 MB',
      '14/03/2026',
    ]);
    expect(cells(await rowOf('Cap table.xlsx')).slice(0, 3)).toEqual([
      'Cap table.xlsxXLSX',
      '1.5 KB',
      '01/02/2026',
    ]);
    expect(cells(await rowOf('notes.txt')).slice(0, 2)).toEqual(['notes.txtTXT', '512 B']);
  });

  it('truncates a long name on one line and shows it whole in a tooltip', async () => {
    const longName =
      'Share Purchase Agreement between Atlas Holdings Limited and Ibis Capital Partners LLP (execution version, clean).pdf';
    const { user } = renderCard(listOf(makeProjectFile({ originalname: longName })));
    const name = await screen.findByText(longName);
    expect(name).toHaveStyle({
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.hover(name);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(longName);
    expect(name).toHaveAccessibleDescription(longName);

    await user.unhover(name);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('shows the analysis status of each file', async () => {
    renderCard(
      listOf(
        makeProjectFile({ id: 1, originalname: 'a.pdf', processing_status: 'awaiting_processing' }),
        makeProjectFile({
          id: 2,
          originalname: 'b.pdf',
          processing_status: 'processing',
          pageCount: 50,
          pagesProcessed: 12,
        }),
        makeProjectFile({ id: 3, originalname: 'c.pdf', processing_status: 'completed' }),
        makeProjectFile({
          id: 4,
          originalname: 'd.pdf',
          processing_status: 'indexed' as ProjectFile['processing_status'],
        }),
        makeProjectFile({
          id: 5,
          originalname: 'e.pdf',
          processing_status: 'failed',
          failureReason: 'This PDF has no text layer and no OCR engine is installed.',
        }),
        makeProjectFile({
          id: 6,
          originalname: 'f.pdf',
          processing_status: 'archived' as ProjectFile['processing_status'],
        }),
      ),
    );
    expect(await rowOf('a.pdf')).toHaveTextContent('Awaiting Analysis');
    expect(await rowOf('b.pdf')).toHaveTextContent('Processing...');
    expect(await rowOf('b.pdf')).toHaveTextContent('12 of 50 pages');
    expect(await rowOf('c.pdf')).toHaveTextContent('Analysis Complete');
    expect(await rowOf('d.pdf')).toHaveTextContent('Analysis Complete');
    expect(await rowOf('e.pdf')).toHaveTextContent('Analysis Failed');
    expect(await rowOf('e.pdf')).toHaveTextContent(
      'This PDF has no text layer and no OCR engine is installed.',
    );
    expect(await rowOf('f.pdf')).toHaveTextContent('Not Processed');
  });

  it('keeps the badge of a completed file that has unread pages, and warns beside it with the note', async () => {
    const note =
      '4 scanned pages (10–13) have no text layer and were not read: ask your administrator to enable OCR (text recognition), then upload the file again.';
    const { user } = renderCard(
      listOf(
        makeProjectFile({ id: 1, originalname: 'mixed.pdf', analysisNote: note }),
        makeProjectFile({ id: 2, originalname: 'text.pdf', analysisNote: null }),
        // A note only ever belongs to a completed document.
        makeProjectFile({
          id: 3,
          originalname: 'waiting.pdf',
          processing_status: 'awaiting_processing',
          analysisNote: note,
        }),
      ),
    );
    const row = await rowOf('mixed.pdf');
    const badge = within(row).getByText('Analysis Complete').closest('.MuiChip-root');
    expect(badge).toHaveAccessibleDescription(note);
    expect(row).toHaveTextContent(note);
    const icon = within(row).getByTestId('analysis-note-icon');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.hover(icon);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(note);
    await user.unhover(icon);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    for (const name of ['text.pdf', 'waiting.pdf']) {
      const other = await rowOf(name);
      expect(within(other).queryByTestId('analysis-note-icon')).not.toBeInTheDocument();
      expect(other).not.toHaveTextContent('were not read');
    }
    expect(
      within(await rowOf('text.pdf'))
        .getByText('Analysis Complete')
        .closest('.MuiChip-root'),
    ).not.toHaveAttribute('aria-describedby');
  });

  it('reads the status from processingStatus when processing_status is missing', async () => {
    const file = makeProjectFile({ originalname: 'a.pdf', processingStatus: 'failed' });
    renderCard(listOf({ ...file, processing_status: undefined as never }));
    expect(await rowOf('a.pdf')).toHaveTextContent('Analysis Failed');
  });

  it('pulses the processing badge, unless the user prefers reduced motion', async () => {
    renderCard(
      listOf(
        makeProjectFile({
          id: 1,
          originalname: 'a.pdf',
          processing_status: 'processing',
          pageCount: null,
        }),
        makeProjectFile({ id: 2, originalname: 'b.pdf', processing_status: 'completed' }),
      ),
    );
    const processing = within(await rowOf('a.pdf'))
      .getByText('Processing...')
      .closest('.MuiChip-root');
    expect(processing).toHaveAttribute('data-pulse', 'true');
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(css).toMatch(/prefers-reduced-motion: ?reduce\)\s*\{[^}]*animation: ?none/);
    const complete = within(await rowOf('b.pdf'))
      .getByText('Analysis Complete')
      .closest('.MuiChip-root');
    expect(complete).not.toHaveAttribute('data-pulse');
    // Before the pages are counted there is no progress to show.
    expect(await rowOf('a.pdf')).not.toHaveTextContent(/of \d+ pages/);
  });

  it('links to the file in a new tab and to its download', async () => {
    renderCard(listOf(makeProjectFile({ filename: '3f2a9c.pdf', originalname: 'SPA.pdf' })));
    const open = await screen.findByRole('link', { name: 'Open SPA.pdf' });
    expect(open).toHaveAttribute('href', '/api/files/3f2a9c.pdf');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Download SPA.pdf' })).toHaveAttribute(
      'href',
      '/api/files/3f2a9c.pdf?download=1',
    );
  });

  it('deletes a file after confirmation, then refreshes the list', async () => {
    let files = [makeProjectFile({ id: 9, originalname: 'Old lease.pdf' })];
    const { user, server } = renderCard(() => listOf(...files), {
      routes: {
        'DELETE /api/files/9': () => {
          files = [];
          return { body: { success: true } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Old lease.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Are you sure/)).toHaveTextContent(
      'Are you sure you want to delete "Old lease.pdf"? This action cannot be undone and will remove all associated document chunks.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const toast = (await screen.findByText('File deleted successfully')).closest('[role=status]');
    expect(toast).toHaveTextContent('Success');
    expect(toast).toHaveTextContent('File deleted successfully');
    expect(
      await screen.findByText(
        'No documents uploaded yet. Upload your first document to get started.',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/files/9')).toHaveLength(1);
    expect(server.callsTo('GET', FILES)).toHaveLength(2);
  });

  it("says why a deletion failed, or 'Failed to delete file'", async () => {
    const { user } = renderCard(
      listOf(
        makeProjectFile({ id: 1, originalname: 'a.pdf' }),
        makeProjectFile({ id: 2, originalname: 'b.pdf' }),
      ),
      {
        routes: {
          'DELETE /api/files/1': {
            status: 404,
            body: { error: 'File not found', code: 'NOT_FOUND' },
          },
          'DELETE /api/files/2': { status: 500 },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete a.pdf' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    let toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('File not found');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete b.pdf' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete file'),
    );
    toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
  });

  it('polls every 3 s while a file is being analysed, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const statuses: ProjectFile['processing_status'][] = ['awaiting_processing', 'processing'];
    const { server } = renderCard(() =>
      listOf(
        makeProjectFile({
          originalname: 'a.pdf',
          processing_status: statuses.shift() ?? 'completed',
        }),
      ),
    );
    expect(await rowOf('a.pdf')).toHaveTextContent('Awaiting Analysis');

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await rowOf('a.pdf')).toHaveTextContent('Processing...');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(async () => expect(await rowOf('a.pdf')).toHaveTextContent('Analysis Complete'));
    expect(server.callsTo('GET', FILES)).toHaveLength(3);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(server.callsTo('GET', FILES)).toHaveLength(3);
  });

  it('refreshes at the interval it is given whatever the statuses (the Documents page)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = renderCard(listOf(makeProjectFile({ originalname: 'a.pdf' })), {
      refreshEveryMs: 2000,
    });
    await rowOf('a.pdf');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(server.callsTo('GET', FILES)).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(server.callsTo('GET', FILES)).toHaveLength(3));
  });

  it('keeps a phone-sized table usable: size, date and status move under the name', async () => {
    setViewportWidth(390);
    renderCard(listOf(makeProjectFile({ originalname: 'SPA.pdf' })));
    const row = await rowOf('SPA.pdf');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Actions']);
    expect(row).toHaveTextContent('PDF · 2.3 MB · 14/03/2026');
    expect(row).toHaveTextContent('Analysis Complete');
    expect(within(row).getByRole('button', { name: 'Delete SPA.pdf' })).toBeInTheDocument();
  });

  it("shows each analysed document's red flags, linking to its Clause Review row", async () => {
    const clauses = makeClausesResponse({
      thresholds: { 'Change Of Control': 0.6, 'Anti-Assignment': 0.5, 'Governing Law': 0.5 },
      documents: [
        makeDocumentClauses({
          documentId: 4,
          clauses: [
            makeClause({ category: 'Change Of Control', score: 0.7 }),
            makeClause({ category: 'Change Of Control', score: 0.8 }),
            makeClause({ category: 'Anti-Assignment', score: 0.9 }),
            makeClause({ category: 'Governing Law', score: 0.9 }),
          ],
        }),
        makeDocumentClauses({
          documentId: 5,
          clauses: [makeClause({ category: 'Governing Law', score: 0.9 })],
        }),
        makeDocumentClauses({ documentId: 7, note: 'Scanned without a text layer.' }),
      ],
    });
    const { server } = renderCard(
      listOf(
        makeProjectFile({ id: 4, originalname: 'Licence.pdf' }),
        makeProjectFile({ id: 5, originalname: 'Lease.pdf' }),
        makeProjectFile({ id: 6, originalname: 'New.pdf', processing_status: 'processing' }),
        makeProjectFile({ id: 7, originalname: 'Scan.pdf' }),
      ),
      {
        routes: {
          'GET /api/projects/1/clauses/matrix': ({ search }) => ({
            body: makeClauseMatrix(clauses, search),
          }),
        },
      },
    );

    const flagged = await within(await rowOf('Licence.pdf')).findByRole('link', {
      name: '2 red flags',
    });
    expect(flagged).toHaveAttribute('href', '/project/1/clauses?document=4');
    expect(flagged).toHaveAccessibleDescription('Change Of Control, Anti-Assignment');
    expect(
      within(await rowOf('Lease.pdf')).getByRole('link', { name: 'No red flags' }),
    ).toHaveAttribute('href', '/project/1/clauses?document=5');
    expect(within(await rowOf('New.pdf')).queryByRole('link', { name: /red flag/ })).toBeNull();
    expect(within(await rowOf('Scan.pdf')).queryByRole('link', { name: /red flag/ })).toBeNull();
    // The Clause Review's own request: opening it from here finds it loaded.
    expect(server.callsTo('GET', '/api/projects/1/clauses/matrix')[0]?.search).toBe(
      '?minScore=0.2&columns=review',
    );
  });
});
