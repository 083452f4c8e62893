import type { ActivityEntry, ProjectRole } from '@clearroom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockHandler, type MockRequest } from '../../../test/fetchMock';
import { makeProject, makeProjectFile, testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ActivityPage } from './ActivityPage';

function entry(id: number, overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id,
    projectId: 5,
    at: '2026-11-26T09:30:00.000Z',
    actor: { id: 2, username: 'bob' },
    action: 'document.viewed',
    document: { id: 11, name: 'Lease.pdf' },
    address: '10.0.0.7',
    details: null,
    ...overrides,
  };
}

/** 60 entries, newest (id 60) first, served 50 then 10 as the API pages them. */
const allEntries = Array.from({ length: 60 }, (_, index) => entry(60 - index));

function pageOf(request: MockRequest) {
  const params = new URLSearchParams(request.search);
  const before = params.get('before');
  const limit = Number(params.get('limit') ?? 50);
  const older = allEntries.filter((candidate) => !before || candidate.id < Number(before));
  const entries = older.slice(0, limit);
  const nextBefore = older.length > limit ? (entries.at(-1)?.id ?? null) : null;
  return { body: { entries, nextBefore } };
}

function renderActivity(role: ProjectRole, routes: Record<string, MockHandler> = {}) {
  const server = mockFetch({
    'GET /api/auth/user': { body: { user: testUser } },
    'GET /api/projects': {
      body: { projects: [makeProject({ id: 5, name: 'Project Echo', role })] },
    },
    'GET /api/projects/5/members': {
      body: {
        role,
        members: [
          { userId: 1, username: 'alice', role: 'owner', addedAt: '2026-11-01T00:00:00.000Z' },
          { userId: 2, username: 'bob', role: 'viewer', addedAt: '2026-11-02T00:00:00.000Z' },
        ],
      },
    },
    'GET /api/projects/5/files': {
      body: {
        files: [
          makeProjectFile({ id: 11, projectId: 5, originalname: 'Lease.pdf' }),
          makeProjectFile({ id: 12, projectId: 5, originalname: 'SPA.pdf', filename: 'b.pdf' }),
        ],
      },
    },
    'GET /api/projects/5/activity': pageOf,
    'GET /api/projects/5/activity/documents': {
      body: { documents: [{ documentId: 11, viewers: 4, lastViewedAt: '2026-11-26T09:30:00Z' }] },
    },
    ...routes,
  });
  const rendered = renderWithProviders(<ActivityPage />, {
    route: '/project/5/activity',
    path: '/project/:id/activity',
  });
  return { server, ...rendered };
}

const activityCalls = (server: ReturnType<typeof mockFetch>) =>
  server.callsTo('GET', '/api/projects/5/activity').map((call) => call.search);

describe('ActivityPage', () => {
  it('shows when, who, action, document and address, newest first', async () => {
    renderActivity('owner', {
      'GET /api/projects/5/activity': {
        body: {
          entries: [
            entry(3, {
              action: 'question.asked',
              document: null,
              details: { question: 'Who are the parties?' },
            }),
            entry(2, {
              actor: { id: 1, username: 'alice' },
              action: 'member.added',
              document: null,
              details: { userId: 2, username: 'bob', role: 'viewer' },
            }),
            entry(1, { actor: null, action: 'document.analysis_failed', address: null }),
          ],
          nextBefore: null,
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Activity log' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['When', 'Who', 'Action', 'Document', 'Address']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('bob');
    expect(rows[0]).toHaveTextContent('Question asked“Who are the parties?”');
    expect(rows[0]).toHaveTextContent('10.0.0.7');
    expect(rows[0]?.querySelector('time')).toHaveAttribute('datetime', '2026-11-26T09:30:00.000Z');
    expect(rows[1]).toHaveTextContent('Member addedbob (Viewer)');
    expect(rows[2]).toHaveTextContent('System');
    expect(rows[2]).toHaveTextContent('Analysis failed');
    expect(rows[2]).toHaveTextContent('Lease.pdf');
    expect(screen.getByText('3 entries shown (all)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads older entries with the keyset of the last page', async () => {
    const { user, server } = renderActivity('owner');
    const table = await screen.findByRole('table', { name: 'Activity log' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('50 entries shown')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(61));
    expect(screen.getByText('60 entries shown (all)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(activityCalls(server)).toEqual(['?limit=50', '?before=11&limit=50']);
  });

  it('filters by person, action and document, and exports what the filters show', async () => {
    const { user, server } = renderActivity('editor');
    await screen.findByRole('table', { name: 'Activity log' });
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink).toHaveAttribute('href', '/api/projects/5/activity/export');

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'bob' }));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Document downloaded' }));
    await user.click(screen.getByRole('combobox', { name: 'Document' }));
    await user.click(await screen.findByRole('option', { name: 'SPA.pdf' }));

    await waitFor(() =>
      expect(activityCalls(server).at(-1)).toBe(
        '?actor=2&action=document.downloaded&documentId=12&limit=50',
      ),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/projects/5/activity/export?actor=2&action=document.downloaded&documentId=12',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/projects/5/activity/export',
    );
  });

  it('says when nothing matches the filters', async () => {
    const { user } = renderActivity('owner', {
      'GET /api/projects/5/activity': (request) =>
        request.search.includes('action=')
          ? { body: { entries: [], nextBefore: null } }
          : pageOf(request),
    });
    await screen.findByRole('table', { name: 'Activity log' });
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Review run' }));
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
  });

  it('shows how many people viewed each document', async () => {
    renderActivity('owner');
    const views = await screen.findByRole('list', { name: 'Document views' });
    expect(views).toHaveTextContent('Lease.pdf');
    expect(views).toHaveTextContent(/Viewed by 4 people, last on 26\/11\/2026/);
  });

  it("shows the server's message when it refuses", async () => {
    renderActivity('owner', {
      'GET /api/projects/5/activity': {
        status: 403,
        body: { error: "Viewers can't read the activity log", code: 'FORBIDDEN' },
      },
    });
    expect(await screen.findByText("Viewers can't read the activity log")).toBeInTheDocument();
  });

  it('tells a viewer the log is not theirs to read, without asking the server', async () => {
    const { server } = renderActivity('viewer');
    expect(
      await screen.findByText("Viewers can't read the activity log: ask an owner of this project."),
    ).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/projects/5/activity')).toHaveLength(0);
  });
});
