import type { AdminUser, User } from '@clearroom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockHandler } from '../../../test/fetchMock';
import { testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { AdminUsersPage } from './AdminUsersPage';

const admin: User = { ...testUser, isAdmin: true };

function account(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: 2,
    username: 'bob',
    source: 'local',
    isAdmin: false,
    disabled: false,
    createdAt: '2026-11-02T10:00:00.000Z',
    projectCount: 3,
    ...overrides,
  };
}

const users = [
  account({ id: 1, username: 'alice', isAdmin: true, projectCount: 5 }),
  account({ id: 2, username: 'bob' }),
  account({ id: 3, username: 'carol', disabled: true, projectCount: 0 }),
  account({ id: 4, username: 'dana@sso', source: 'oidc' }),
];

function renderPage(user: User = admin, routes: Record<string, MockHandler> = {}) {
  const server = mockFetch({
    'GET /api/auth/user': { body: { user } },
    'GET /api/admin/users': { body: { users } },
    'GET /api/admin/deleted-projects': {
      body: {
        entries: [
          {
            id: 90,
            projectId: 12,
            at: '2026-11-20T08:00:00.000Z',
            actor: { id: 2, username: 'bob' },
            action: 'project.deleted',
            document: null,
            address: '10.0.0.9',
            details: { name: 'Project Old', documentCount: 14 },
          },
        ],
      },
    },
    ...routes,
  });
  return { server, ...renderWithProviders(<AdminUsersPage />, { route: '/admin/users' }) };
}

const row = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Users' });
  const cell = within(table).getByText(name);
  return cell.closest('tr')!;
};

describe('AdminUsersPage', () => {
  it('lists every account with its sign-in, role, projects and status', async () => {
    renderPage();
    const bob = await row('bob');
    expect(bob).toHaveTextContent('Local');
    expect(bob).toHaveTextContent('User');
    expect(bob).toHaveTextContent('3');
    expect(bob).toHaveTextContent('Active');
    expect(await row('carol')).toHaveTextContent('Disabled');
    expect(await row('dana@sso')).toHaveTextContent('Single sign-on');
    const self = await row('alice');
    expect(self).toHaveTextContent('(you)');
    expect(self).toHaveTextContent('Administrator');
    // No administrator disables or demotes themselves.
    expect(within(self).queryByRole('button')).not.toBeInTheDocument();
    // Single sign-on: the realm role decides who administers.
    expect(
      within(await row('dana@sso')).queryByRole('button', { name: /administrator/ }),
    ).not.toBeInTheDocument();
  });

  it('disables an account after confirmation, and re-enables one', async () => {
    const { user, server } = renderPage(admin, {
      'PATCH /api/admin/users/2': { body: { user: account({ disabled: true }) } },
      'PATCH /api/admin/users/3': {
        body: { user: account({ id: 3, username: 'carol', projectCount: 0 }) },
      },
    });
    await user.click(within(await row('bob')).getByRole('button', { name: 'Disable bob' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('signed out everywhere at once');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    await waitFor(async () => expect(await row('bob')).toHaveTextContent('Disabled'));
    expect(server.callsTo('PATCH', '/api/admin/users/2')[0]?.body).toEqual({ disabled: true });
    expect(await screen.findByText('bob can no longer sign in.')).toBeInTheDocument();

    await user.click(within(await row('carol')).getByRole('button', { name: 'Re-enable carol' }));
    await waitFor(async () => expect(await row('carol')).toHaveTextContent('Active'));
    expect(server.callsTo('PATCH', '/api/admin/users/3')[0]?.body).toEqual({ disabled: false });
  });

  it("promotes a local account, and shows the server's message when refused", async () => {
    const { user, server } = renderPage(admin, {
      'PATCH /api/admin/users/2': { body: { user: account({ isAdmin: true }) } },
      'PATCH /api/admin/users/3': {
        status: 400,
        body: { error: 'That account cannot be changed', code: 'VALIDATION_FAILED' },
      },
    });
    await user.click(
      within(await row('bob')).getByRole('button', { name: 'Make administrator: bob' }),
    );
    await waitFor(async () =>
      expect(
        within(await row('bob')).getByRole('button', { name: 'Remove administrator: bob' }),
      ).toBeInTheDocument(),
    );
    expect(server.callsTo('PATCH', '/api/admin/users/2')[0]?.body).toEqual({ admin: true });

    await user.click(
      within(await row('carol')).getByRole('button', { name: 'Make administrator: carol' }),
    );
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Update failed');
    expect(toast).toHaveTextContent('That account cannot be changed');
  });

  it('shows the tombstones of deleted projects', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Deleted projects' });
    expect(table).toHaveTextContent('Project Old (14 documents)');
    expect(table).toHaveTextContent('bob');
  });

  it('asks nothing of the server for someone who is not an administrator', async () => {
    const { server } = renderPage(testUser);
    expect(await screen.findByText('Only administrators can manage users.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/users')).toHaveLength(0);
  });
});
