import type { ProjectMember, ProjectRole } from '@clearroom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockHandler } from '../../../test/fetchMock';
import { makeProject, testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ProjectSettingsPage } from '../../settings/components/ProjectSettingsPage';

const alice: ProjectMember = {
  userId: 1,
  username: 'alice',
  role: 'owner',
  addedAt: '2026-03-14T10:00:00.000Z',
};
const bob: ProjectMember = {
  userId: 2,
  username: 'bob',
  role: 'editor',
  addedAt: '2026-03-15T10:00:00.000Z',
};

/** The settings page of project 4, where alice (user 1) has `role`. */
function renderSettings(role: ProjectRole, routes: Record<string, MockHandler> = {}) {
  const project = makeProject({
    id: 4,
    name: 'Project Delta',
    role,
    owner: role === 'owner' ? { id: 1, username: 'alice' } : { id: 9, username: 'carol' },
  });
  const members =
    role === 'owner'
      ? [alice, bob]
      : [
          { userId: 9, username: 'carol', role: 'owner', addedAt: alice.addedAt },
          { ...alice, role },
        ];
  const server = mockFetch({
    'GET /api/auth/user': { body: { user: testUser } },
    'GET /api/projects': { body: { projects: [project] } },
    'GET /api/projects/4/members': { body: { members, role } },
    ...routes,
  });
  const rendered = renderWithProviders(<ProjectSettingsPage />, {
    route: '/project/4/settings',
    path: '/project/:id/settings',
  });
  return { server, ...rendered };
}

async function membersTable() {
  return screen.findByRole('table', { name: 'Project members' });
}

describe('Members section', () => {
  it('lets an owner add a member by username with a role', async () => {
    const { user, server } = renderSettings('owner', {
      'POST /api/projects/4/members': {
        status: 201,
        body: {
          member: { userId: 3, username: 'dave', role: 'viewer', addedAt: bob.addedAt },
        },
      },
    });
    expect(within(await membersTable()).getByText('bob')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add a member' });
    await user.type(within(form).getByLabelText('Username'), ' dave ');
    // Viewer is the default role.
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveTextContent('Viewer');
    await user.click(within(form).getByRole('button', { name: 'Add Member' }));

    expect(await screen.findByText('Member added')).toBeInTheDocument();
    expect(screen.getByText('dave can now open this project as viewer.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/projects/4/members')[0]?.body).toEqual({
      username: 'dave',
      role: 'viewer',
    });
    // The list and the projects (role, owner) are refetched.
    await waitFor(() => expect(server.callsTo('GET', '/api/projects/4/members')).toHaveLength(2));
    expect(within(form).getByLabelText('Username')).toHaveValue('');
  });

  it("shows the server's message when the username is unknown", async () => {
    const { user } = renderSettings('owner', {
      'POST /api/projects/4/members': {
        status: 404,
        body: { error: 'No account has the username "zed"', code: 'UNKNOWN_USER' },
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a member' });
    await user.type(within(form).getByLabelText('Username'), 'zed');
    await user.click(within(form).getByRole('button', { name: 'Add Member' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Could not add member');
    expect(toast).toHaveTextContent('No account has the username "zed"');
    expect(within(form).getByLabelText('Username')).toHaveValue('zed');
  });

  it("changes a member's role, and says so when the last owner would go", async () => {
    const { user, server } = renderSettings('owner', {
      'PATCH /api/projects/4/members/2': ({ body }) => ({
        body: { member: { ...bob, ...(body as object) } },
      }),
      'PATCH /api/projects/4/members/1': {
        status: 409,
        body: { error: 'A project keeps at least one owner', code: 'LAST_OWNER' },
      },
    });
    await membersTable();

    await user.click(screen.getByRole('combobox', { name: 'Role of bob' }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/api/projects/4/members/2')[0]?.body).toEqual({
      role: 'viewer',
    });

    await user.click(screen.getByRole('combobox', { name: 'Role of alice' }));
    await user.click(await screen.findByRole('option', { name: 'Editor' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Could not change role');
    expect(toast).toHaveTextContent('A project keeps at least one owner');
  });

  it('removes a member after confirmation', async () => {
    const { user, server } = renderSettings('owner', {
      'DELETE /api/projects/4/members/2': { body: { success: true } },
    });
    await membersTable();

    await user.click(screen.getByRole('button', { name: 'Remove bob' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('loses access to this project at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', '/api/projects/4/members/2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove bob' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Member removed')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/projects/4/members/2')).toHaveLength(1);
  });

  it('shows a viewer the list read-only, with neither rename nor deletion', async () => {
    renderSettings('viewer');
    const table = await membersTable();
    expect(within(table).getByText('carol')).toBeInTheDocument();
    expect(within(table).getByText('Owner')).toBeInTheDocument();
    expect(within(table).getByText('Viewer')).toBeInTheDocument();
    expect(
      screen.getByText("Only the project's owners can add or remove members and change roles."),
    ).toBeInTheDocument();

    expect(screen.queryByRole('form', { name: 'Add a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Role of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Name' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.queryByRole('heading', { name: 'Danger Zone' })).not.toBeInTheDocument();
  });

  it('lets an editor rename the project but not manage members or delete it', async () => {
    renderSettings('editor');
    await membersTable();
    expect(screen.getByRole('button', { name: 'Update Name' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Project' })).not.toBeInTheDocument();
  });

  it("shows the server's 403 message when a rename is refused", async () => {
    const { user } = renderSettings('editor', {
      'PATCH /api/projects/4': {
        status: 403,
        body: { error: "Viewers can't rename the project", code: 'FORBIDDEN' },
      },
    });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Project Echo');
    await user.click(screen.getByRole('button', { name: 'Update Name' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Update failed');
    expect(toast).toHaveTextContent("Viewers can't rename the project");
  });
});
