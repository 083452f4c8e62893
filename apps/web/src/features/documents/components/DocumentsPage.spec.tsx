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
});
