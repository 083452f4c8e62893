import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { makeProject, testUser } from '../../../test/fixtures';
import { setViewportWidth } from '../../../test/matchMedia';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { AppShell } from './AppShell';

const projects = [
  makeProject({ id: 3, name: 'Project Cobalt' }),
  makeProject({ id: 2, name: 'Project Birch' }),
  makeProject({ id: 1, name: 'Project Atlas' }),
];

function mockServer() {
  return mockFetch({
    'GET /api/auth/user': { body: { user: testUser } },
    'GET /api/projects': { body: { projects } },
    'POST /api/auth/logout': { body: { success: true } },
  });
}

function renderShell(route: string) {
  return renderWithProviders(<AppShell user={testUser} />, { route, path: '/project/:id/*' });
}

/** The project's button in the sidebar (expanded mode). */
async function projectButton(name: string) {
  const list = await screen.findByRole('list', { name: 'Projects' });
  return within(list).findByRole('button', { name });
}

describe('AppShell sidebar', () => {
  it('highlights and expands the project the current page belongs to', async () => {
    mockServer();
    renderShell('/project/2/documents');

    const current = await projectButton('Project Birch');
    expect(current).toHaveClass('Mui-selected');
    expect(current).toHaveAttribute('aria-expanded', 'true');
    const pages = screen.getByRole('list', { name: 'Project Birch pages' });
    expect(within(pages).getByRole('link', { name: 'Deal Details' })).toHaveAttribute(
      'href',
      '/project/2/deal-details',
    );
    expect(within(pages).getByRole('link', { name: 'AI Analysis' })).toHaveAttribute(
      'href',
      '/project/2/chat',
    );
    expect(within(pages).getByRole('link', { name: 'Reviews' })).toHaveAttribute(
      'href',
      '/project/2/reviews',
    );
    expect(within(pages).getByRole('link', { name: 'Documents' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('link', { name: 'Clause Review' })).toHaveAttribute(
      'href',
      '/project/2/clauses',
    );
    expect(within(pages).getByRole('link', { name: 'Settings' })).toBeInTheDocument();

    const other = await projectButton('Project Atlas');
    expect(other).not.toHaveClass('Mui-selected');
    expect(other).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Project Atlas pages' })).not.toBeInTheDocument();
  });

  it('expands and folds a project on click', async () => {
    mockServer();
    const { user } = renderShell('/project/2/documents');

    const atlas = await projectButton('Project Atlas');
    await user.click(atlas);
    expect(atlas).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('list', { name: 'Project Atlas pages' })).toBeInTheDocument();

    await user.click(atlas);
    expect(atlas).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the navigation entries, the username and the label "User"', async () => {
    mockServer();
    renderShell('/project/1/deal-details');

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Create Project' })).toHaveAttribute(
      'href',
      '/project/create',
    );
    expect(screen.getByText('alice')).toBeInTheDocument();
    expect(screen.getByText('User')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(await projectButton('Project Cobalt')).toBeInTheDocument();
  });

  it('collapses to a 64 px icon rail on large screens and expands back to 256 px', async () => {
    mockServer();
    const { user, container } = renderShell('/project/2/documents');
    await projectButton('Project Birch');
    const drawer = container.querySelector('.MuiDrawer-root');
    expect(drawer).toHaveAttribute('data-collapsed', 'false');
    expect(drawer).toHaveStyle({ width: '256px' });

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    expect(drawer).toHaveAttribute('data-collapsed', 'true');
    expect(drawer).toHaveStyle({ width: '64px' });
    expect(screen.queryByText('alice')).not.toBeInTheDocument();
    expect(screen.queryByText('User')).not.toBeInTheDocument();
    expect(screen.queryByText('Project Birch')).not.toBeInTheDocument();
    // Icons stay reachable by name; the current project stays highlighted.
    const rail = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(rail).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(rail).getByRole('link', { name: 'Project Birch' })).toHaveClass('Mui-selected');
    expect(within(rail).getByRole('link', { name: 'Project Atlas' })).toHaveAttribute(
      'href',
      '/project/1/deal-details',
    );

    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(drawer).toHaveAttribute('data-collapsed', 'false');
    expect(screen.getByText('alice')).toBeInTheDocument();
  });

  it('keeps the collapsed rail across a reload, and shows each project by its initials', async () => {
    mockServer();
    const first = renderShell('/project/2/documents');
    await projectButton('Project Birch');
    await first.user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    first.unmount();

    const { container } = renderShell('/project/2/documents');
    const rail = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(container.querySelector('.MuiDrawer-root')).toHaveAttribute('data-collapsed', 'true');
    expect(await within(rail).findByRole('link', { name: 'Project Birch' })).toHaveTextContent(
      'PB',
    );
    expect(within(rail).getByRole('link', { name: 'Project Atlas' })).toHaveTextContent('PA');
  });

  it('shows the full name of a project on hover and on keyboard focus', async () => {
    mockServer();
    const { user } = renderShell('/project/2/documents');
    const atlas = await projectButton('Project Atlas');
    await user.hover(atlas);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Project Atlas');
    await user.unhover(atlas);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    // Keyboard focus shows it too: come to the button by Tab, as a keyboard user does.
    atlas.focus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.tab();
    expect(atlas).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Project Atlas');
  });

  it('uses a slide-in drawer opened by a menu button on small screens', async () => {
    setViewportWidth(600);
    mockServer();
    const { user } = renderShell('/project/2/documents');

    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Create Project' }));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument(),
    );
  });

  it('logs out: toast, then /login', async () => {
    const server = mockServer();
    const { user, router } = renderShell('/project/2/documents');
    await projectButton('Project Birch');

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Logout successful')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
  });

  it('says so when logging out fails', async () => {
    mockFetch({
      'GET /api/auth/user': { body: { user: testUser } },
      'GET /api/projects': { body: { projects } },
      'POST /api/auth/logout': { status: 503 },
    });
    const { user, router } = renderShell('/project/2/documents');
    await projectButton('Project Birch');

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Logout failed');
    expect(toast).toHaveTextContent('Could not complete logout');
    expect(router.state.location.pathname).toBe('/project/2/documents');
  });

  it('shows a toast when the project list cannot be loaded', async () => {
    mockFetch({
      'GET /api/auth/user': { body: { user: testUser } },
      'GET /api/projects': {
        status: 500,
        body: { error: 'Database down', code: 'INTERNAL_ERROR' },
      },
    });
    renderShell('/project/2/documents');

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error fetching projects');
    expect(toast).toHaveTextContent('Could not load your projects');
  });
});
