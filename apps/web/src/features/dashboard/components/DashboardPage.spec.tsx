import type { Project } from '@clearroom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockHandler } from '../../../test/fetchMock';
import { makeProject, makeProjectFile, testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { DashboardPage } from './DashboardPage';

const stats = {
  activeProjects: 3,
  documentsAnalyzed: 12,
  totalDealValue: 12_500_000,
  valuationsInOtherCurrencies: 0,
  companiesReviewed: 2,
};

function renderDashboard(
  projects: Project[],
  {
    route = '/dashboard',
    routes = {},
  }: { route?: string; routes?: Record<string, MockHandler> } = {},
) {
  const server = mockFetch({
    'GET /api/auth/user': { body: { user: testUser } },
    'GET /api/projects': { body: { projects } },
    'GET /api/dashboard/stats': { body: stats },
    ...routes,
  });
  return { server, ...renderWithProviders(<DashboardPage />, { route, path: '/dashboard' }) };
}

const manyProjects = Array.from({ length: 8 }, (_, index) =>
  makeProject({ id: 8 - index, name: `Project ${8 - index}` }),
);

async function statValue(label: string) {
  const stat = await screen.findByTestId(`stat-${label}`);
  return stat.textContent;
}

describe('DashboardPage', () => {
  it('welcomes the user and shows the four stats', async () => {
    renderDashboard([makeProject()]);
    expect(await screen.findByRole('heading', { name: 'Welcome back, alice' })).toBeInTheDocument();
    expect(await statValue('Active Projects')).toBe('3');
    expect(await statValue('Documents Analyzed')).toBe('12');
    expect(await statValue('Total Deal Value')).toBe('$12.5M');
    expect(await statValue('Companies Reviewed')).toBe('2');
  });

  it.each([
    [0, null],
    [1, '1 valuation in another currency not included'],
    [2, '2 valuations in other currencies not included'],
  ])(
    'says when %i valuations in other currencies are left out of the dollar total',
    async (count, note) => {
      renderDashboard([makeProject()], {
        routes: {
          'GET /api/dashboard/stats': { body: { ...stats, valuationsInOtherCurrencies: count } },
        },
      });
      expect(await statValue('Total Deal Value')).toBe('$12.5M');
      const card = screen.getByTestId('stat-Total Deal Value').parentElement!;
      if (note) expect(card).toHaveTextContent(note);
      else expect(card).not.toHaveTextContent('not included');
    },
  );

  it('shows a valuation typed as digits formatted, with the text as typed on hover', async () => {
    const { user } = renderDashboard([
      makeProject({
        id: 3,
        name: 'Digits',
        valuation: '25000000',
        valuationValue: { amount: 25_000_000, currency: 'USD' },
      }),
      makeProject({
        id: 4,
        name: 'Sterling',
        valuation: '£40m',
        valuationValue: { amount: 40_000_000, currency: 'GBP' },
      }),
      makeProject({ id: 5, name: 'Unread', valuation: 'TBD', valuationValue: null }),
    ]);
    const card = (name: string) => screen.findByText(name).then((title) => title.closest('a')!);
    expect(await card('Digits')).toHaveTextContent('Valuation: $25M');
    expect(await card('Sterling')).toHaveTextContent('Valuation: £40M');
    expect(await card('Unread')).toHaveTextContent('Valuation: TBD');
    await user.hover(within(await card('Digits')).getByText('$25M'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('As typed: 25000000');
  });

  it('falls back to the project count and zeros without stats', async () => {
    renderDashboard(manyProjects.slice(0, 2), {
      routes: { 'GET /api/dashboard/stats': { status: 500 } },
    });
    await waitFor(async () => expect(await statValue('Active Projects')).toBe('2'));
    expect(await statValue('Documents Analyzed')).toBe('0');
    expect(await statValue('Total Deal Value')).toBe('$0');
    expect(await statValue('Companies Reviewed')).toBe('0');
  });

  it('shows project cards with company, valuation and last activity, linking to deal details', async () => {
    renderDashboard([
      makeProject({
        id: 9,
        name: 'Project Juniper',
        companyName: 'Juniper Foods plc',
        valuation: '$75M',
        createdAt: '2026-02-03T09:00:00.000Z',
      }),
    ]);
    const card = (await screen.findByText('Project Juniper')).closest('a');
    expect(card).toHaveAttribute('href', '/project/9/deal-details');
    expect(card).toHaveTextContent('Juniper Foods plc');
    expect(card).toHaveTextContent('$75M');
    expect(card).toHaveTextContent('Last Activity: 03/02/2026');
  });

  it('shows the first 6 projects, and all of them on request', async () => {
    const { user } = renderDashboard(manyProjects);
    const grid = await screen.findByRole('region', { name: 'Your Projects' });
    await within(grid).findByText('Project 8');
    expect(within(grid).getAllByRole('link')).toHaveLength(6);
    expect(within(grid).queryByText('Project 2')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View All 8 Projects' }));
    expect(within(grid).getAllByRole('link')).toHaveLength(8);
    expect(within(grid).getByText('Project 1')).toBeInTheDocument();
  });

  it('says the projects could not be loaded, with a retry, rather than offering a first project', async () => {
    let fail = true;
    renderDashboard([], {
      routes: {
        'GET /api/projects': () =>
          fail
            ? { status: 500, body: { error: 'Something went wrong', code: 'INTERNAL_ERROR' } }
            : { body: { projects: [makeProject({ name: 'Project Heron' })] } },
      },
    });
    const region = await screen.findByRole('region', { name: 'Your Projects' });
    const error = await within(region).findByRole('alert');
    expect(error).toHaveTextContent('Could not load your projects');
    expect(screen.queryByText('Start Your First Project')).not.toBeInTheDocument();
    // The stats still say what they know; the list is what failed.
    expect(await statValue('Active Projects')).toBe('3');

    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try Again' }));
    expect(await within(region).findByText('Project Heron')).toBeInTheDocument();
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers to create the first project when there is none', async () => {
    renderDashboard([]);
    expect(await screen.findByText('Start Your First Project')).toBeInTheDocument();
    expect(
      screen.getByText(/record its details, upload its documents and ask questions about them\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/soon/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Project' })).toHaveAttribute(
      'href',
      '/project/create',
    );
    expect(screen.getByRole('link', { name: 'New Project' })).toHaveAttribute(
      'href',
      '/project/create',
    );
  });

  it('shows a selected project with its tabs, documents included', async () => {
    const { user } = renderDashboard(
      [makeProject({ id: 4, name: 'Project Delta', createdAt: '2026-01-05T12:00:00.000Z' })],
      {
        route: '/dashboard?project=4',
        routes: {
          'GET /api/projects/4/files': {
            body: { files: [makeProjectFile({ projectId: 4, originalname: 'Lease.pdf' })] },
          },
        },
      },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Project Delta' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Created 05/01/2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Deal Details' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open AI Assistant' })).toHaveAttribute(
      'href',
      '/project/4/chat',
    );

    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Upload Documents' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Choose Files' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Project Files' })).toBeInTheDocument();
    const row = (await within(panel).findByText('Lease.pdf')).closest('tr');
    expect(row).toHaveTextContent('Analysis Complete');
  });

  it('deletes the selected project from its menu, after confirmation', async () => {
    const { user, router, server } = renderDashboard(
      [makeProject({ id: 4, name: 'Project Delta' })],
      {
        route: '/dashboard?project=4',
        routes: { 'DELETE /api/projects/4': { body: { success: true } } },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Project actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Project' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('Project deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(server.callsTo('DELETE', '/api/projects/4')).toHaveLength(1);
    expect(screen.queryByText('Project not found')).not.toBeInTheDocument();
  });

  it('clears a selection that is not among the projects', async () => {
    const { router } = renderDashboard([makeProject({ id: 4 })], {
      route: '/dashboard?project=77',
    });
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: 'Welcome back, alice' })).toBeInTheDocument();
  });

  it('shows a shared project with the role badge and the owner, and the own one without', async () => {
    renderDashboard([
      makeProject({ id: 2, name: 'Project Own' }),
      makeProject({
        id: 1,
        name: 'Project Shared',
        role: 'viewer',
        owner: { id: 7, username: 'partner.grey' },
      }),
    ]);
    const shared = (await screen.findByText('Project Shared')).closest('a');
    expect(shared).toHaveTextContent('Viewer');
    expect(shared).toHaveTextContent('Shared by partner.grey');
    const own = screen.getByText('Project Own').closest('a');
    expect(own).not.toHaveTextContent('Owner');
    expect(own).not.toHaveTextContent('Shared by');
  });

  it('shows a viewer the selected project without actions, upload or deal-detail editing', async () => {
    const { user } = renderDashboard(
      [
        makeProject({
          id: 4,
          name: 'Project Delta',
          role: 'viewer',
          owner: { id: 7, username: 'partner.grey' },
          companyName: 'Delta Ltd',
        }),
      ],
      {
        route: '/dashboard?project=4',
        routes: {
          'GET /api/projects/4/files': {
            body: { files: [makeProjectFile({ projectId: 4, originalname: 'Lease.pdf' })] },
          },
        },
      },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Project Delta' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Shared by partner.grey')).toBeInTheDocument();
    expect(screen.getByText('Viewer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Project actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'AI Extract' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Lease.pdf')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Choose Files' })).not.toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Delete Lease.pdf' }),
    ).not.toBeInTheDocument();
  });
});
