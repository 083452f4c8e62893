import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockHandler } from '../../../test/fetchMock';
import { makeProject, testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ProjectSettingsPage } from './ProjectSettingsPage';

const project = makeProject({ id: 4, name: 'Project Delta' });

function renderSettings(routes: Record<string, MockHandler> = {}) {
  const server = mockFetch({
    'GET /api/auth/user': { body: { user: testUser } },
    'GET /api/projects': { body: { projects: [project] } },
    'GET /api/projects/4/members': {
      body: {
        role: 'owner',
        members: [{ userId: 1, username: 'alice', role: 'owner', addedAt: project.createdAt }],
      },
    },
    ...routes,
  });
  const rendered = renderWithProviders(<ProjectSettingsPage />, {
    route: '/project/4/settings',
    path: '/project/:id/settings',
  });
  return { server, ...rendered };
}

describe('ProjectSettingsPage', () => {
  it('refuses an empty name and an unchanged name', async () => {
    const { user, server } = renderSettings();
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Project Delta');

    await user.click(screen.getByRole('button', { name: 'Update Name' }));
    expect(await screen.findByText('No changes')).toBeInTheDocument();
    expect(screen.getByText('Project name is the same as current name.')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Update Name' }));
    expect(await screen.findByText('Invalid name')).toBeInTheDocument();
    expect(screen.getByText('Project name cannot be empty.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/api/projects/4')).toHaveLength(0);
  });

  it('renames the project', async () => {
    const { user, server } = renderSettings({
      'PATCH /api/projects/4': ({ body }) => ({
        body: { project: { ...project, ...(body as object) } },
      }),
    });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, ' Project Echo ');
    await user.click(screen.getByRole('button', { name: 'Update Name' }));

    expect(await screen.findByText('Project updated')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/api/projects/4')[0]?.body).toEqual({ name: 'Project Echo' });
  });

  it('says so when renaming fails', async () => {
    const { user } = renderSettings({ 'PATCH /api/projects/4': { status: 500 } });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Project Echo');
    await user.click(screen.getByRole('button', { name: 'Update Name' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Update failed');
    expect(toast).toHaveTextContent('Failed to update project name.');
  });

  it('deletes the project after confirmation and returns to the dashboard', async () => {
    const { user, router, server } = renderSettings({
      'DELETE /api/projects/4': { body: { success: true } },
    });
    expect(await screen.findByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Project' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('cannot be undone');
    expect(dialog).toHaveTextContent('files, documents and Q&A history');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Project deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.callsTo('DELETE', '/api/projects/4')).toHaveLength(1);
  });

  it('keeps the project when the deletion fails', async () => {
    const { user, router } = renderSettings({ 'DELETE /api/projects/4': { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Delete Project' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Delete failed');
    expect(toast).toHaveTextContent('Failed to delete the project. Please try again.');
    expect(router.state.location.pathname).toBe('/project/4/settings');
  });
});
