import type { User } from '@clearroom/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { makeProject, testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { AppShell } from './AppShell';

const projects = [
  makeProject({ id: 3, name: 'Project Cobalt' }),
  makeProject({
    id: 2,
    name: 'Project Birch',
    role: 'viewer',
    owner: { id: 7, username: 'partner.grey' },
  }),
  makeProject({
    id: 1,
    name: 'Project Atlas',
    role: 'editor',
    owner: { id: 8, username: 'counsel.white' },
  }),
];

function renderShell(route: string, user: User = testUser) {
  mockFetch({
    'GET /api/auth/user': { body: { user } },
    'GET /api/projects': { body: { projects } },
  });
  return renderWithProviders(<AppShell user={user} />, { route, path: '/project/:id/*' });
}

async function projectsList() {
  const list = await screen.findByRole('list', { name: 'Projects' });
  await within(list).findByText('Project Cobalt');
  return list;
}

describe('Sidebar: shared projects and roles', () => {
  it("shows a shared project with the role badge and its owner, not the user's own", async () => {
    renderShell('/project/3/deal-details');
    const list = await projectsList();

    const birch = within(list).getByRole('button', { name: /Project Birch/ });
    expect(birch).toHaveTextContent('Viewer');
    expect(birch).toHaveTextContent('shared by partner.grey');
    const atlas = within(list).getByRole('button', { name: /Project Atlas/ });
    expect(atlas).toHaveTextContent('Editor');
    expect(atlas).toHaveTextContent('shared by counsel.white');
    // The user's own project: no badge, no owner.
    const cobalt = within(list).getByRole('button', { name: 'Project Cobalt' });
    expect(cobalt).not.toHaveTextContent('Owner');
  });

  it('offers the activity log to owners and editors, not to viewers', async () => {
    const { user } = renderShell('/project/2/documents');
    const list = await projectsList();

    const viewerPages = within(list).getByRole('list', { name: 'Project Birch pages' });
    expect(within(viewerPages).queryByRole('link', { name: 'Activity' })).not.toBeInTheDocument();
    expect(within(viewerPages).getByRole('link', { name: 'Settings' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Project Cobalt' }));
    const ownerPages = await within(list).findByRole('list', { name: 'Project Cobalt pages' });
    expect(within(ownerPages).getByRole('link', { name: 'Activity' })).toHaveAttribute(
      'href',
      '/project/3/activity',
    );

    await user.click(within(list).getByRole('button', { name: /Project Atlas/ }));
    const editorPages = await within(list).findByRole('list', { name: 'Project Atlas pages' });
    expect(within(editorPages).getByRole('link', { name: 'Activity' })).toBeInTheDocument();
  });

  it('names role and owner on the collapsed rail', async () => {
    const { user } = renderShell('/project/2/documents');
    await projectsList();
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    const rail = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(rail).getByRole('link', { name: 'Project Birch (Viewer, shared by partner.grey)' }),
    ).toHaveAttribute('href', '/project/2/deal-details');
    expect(within(rail).getByRole('link', { name: 'Project Cobalt' })).toBeInTheDocument();
  });

  it('shows the Users page to administrators only', async () => {
    const first = renderShell('/project/3/deal-details');
    await projectsList();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.getByText('User')).toBeInTheDocument();
    first.unmount();

    renderShell('/project/3/deal-details', { ...testUser, isAdmin: true });
    await projectsList();
    const adminNav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(adminNav).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    expect(screen.getByText('Administrator')).toBeInTheDocument();
  });
});
