import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { makeProject, makeProjectFile, testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { DocumentsPage } from './DocumentsPage';

afterEach(() => {
  vi.useRealTimers();
});

describe('DocumentsPage', () => {
  it('shows the upload card and the file list, refreshing the list every 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = mockFetch({
      'GET /api/auth/user': { body: { user: testUser } },
      'GET /api/projects': { body: { projects: [makeProject({ id: 3, name: 'Project Ibis' })] } },
      'GET /api/config': { body: { upload: { maxFileSizeMb: 200, maxFiles: 50 } } },
      'GET /api/projects/3/files': {
        body: { files: [makeProjectFile({ projectId: 3, originalname: 'Lease.pdf' })] },
      },
    });
    renderWithProviders(<DocumentsPage />, {
      route: '/project/3/documents',
      path: '/project/:id/documents',
    });

    expect(await screen.findByRole('heading', { name: 'Upload Documents' })).toBeInTheDocument();
    expect(await screen.findByText('Lease.pdf')).toBeInTheDocument();
    const listCalls = () => server.callsTo('GET', '/api/projects/3/files').length;
    expect(listCalls()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(listCalls()).toBe(2));
  });

  it('shows a viewer the files without upload or delete; open and download stay', async () => {
    mockFetch({
      'GET /api/auth/user': { body: { user: testUser } },
      'GET /api/projects': {
        body: {
          projects: [makeProject({ id: 3, role: 'viewer', owner: { id: 9, username: 'carol' } })],
        },
      },
      'GET /api/config': { body: { upload: { maxFileSizeMb: 200, maxFiles: 50 } } },
      'GET /api/projects/3/files': {
        body: { files: [makeProjectFile({ projectId: 3, originalname: 'Lease.pdf' })] },
      },
    });
    renderWithProviders(<DocumentsPage />, {
      route: '/project/3/documents',
      path: '/project/:id/documents',
    });

    expect(await screen.findByText('Lease.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upload Documents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose Files' })).not.toBeInTheDocument();
    expect(screen.getByText(/As a viewer you can open and download/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Lease.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Lease.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Lease.pdf' })).not.toBeInTheDocument();
  });

  it("shows a 403's message, then stops offering what the new role can't do", async () => {
    // An owner made this editor a viewer meanwhile: the server refuses the deletion.
    let projectCalls = 0;
    const server = mockFetch({
      'GET /api/auth/user': { body: { user: testUser } },
      'GET /api/projects': () => {
        projectCalls += 1;
        const role = projectCalls === 1 ? 'editor' : 'viewer';
        return { body: { projects: [makeProject({ id: 3, role })] } };
      },
      'GET /api/config': { body: { upload: { maxFileSizeMb: 200, maxFiles: 50 } } },
      'GET /api/projects/3/files': {
        body: { files: [makeProjectFile({ id: 8, projectId: 3, originalname: 'Lease.pdf' })] },
      },
      'DELETE /api/files/8': {
        status: 403,
        body: { error: "Viewers can't delete documents", code: 'FORBIDDEN' },
      },
    });
    const { user } = renderWithProviders(<DocumentsPage />, {
      route: '/project/3/documents',
      path: '/project/:id/documents',
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Lease.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent("Viewers can't delete documents");
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Lease.pdf' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('heading', { name: 'Upload Documents' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/projects')).toHaveLength(2);
  });
});
