import type { ProjectFile } from '@clearroom/contracts';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { mockFetch } from '../../../test/fetchMock';
import { makeProjectFile } from '../../../test/fixtures';
import { dashboardApi } from '../../dashboard/api/dashboardApi';
import { documentsApi } from './documentsApi';

const stats = { activeProjects: 1, documentsAnalyzed: 0, totalDealValue: 0, companiesReviewed: 0 };

function serverWith(files: () => ProjectFile[]) {
  return mockFetch({
    'GET /api/projects/1/files': () => ({ body: { files: files() } }),
    'GET /api/dashboard/stats': { body: stats },
    'DELETE /api/files/5': { body: { success: true } },
  });
}

describe('documentsApi', () => {
  it('refreshes the file list and the dashboard stats after a deletion', async () => {
    const server = serverWith(() => [makeProjectFile({ id: 5 })]);
    const store = makeStore();
    const files = store.dispatch(documentsApi.endpoints.getProjectFiles.initiate(1));
    const dashboard = store.dispatch(dashboardApi.endpoints.getDashboardStats.initiate());
    await Promise.all([files, dashboard]);

    await store.dispatch(documentsApi.endpoints.deleteFile.initiate({ id: 5, projectId: 1 }));

    await waitFor(() => expect(server.callsTo('GET', '/api/projects/1/files')).toHaveLength(2));
    await waitFor(() => expect(server.callsTo('GET', '/api/dashboard/stats')).toHaveLength(2));
    files.unsubscribe();
    dashboard.unsubscribe();
  });

  it('refreshes the dashboard stats when a file finishes its analysis', async () => {
    let status: ProjectFile['processing_status'] = 'processing';
    const server = serverWith(() => [makeProjectFile({ processing_status: status })]);
    const store = makeStore();
    const files = store.dispatch(documentsApi.endpoints.getProjectFiles.initiate(1));
    const dashboard = store.dispatch(dashboardApi.endpoints.getDashboardStats.initiate());
    await Promise.all([files, dashboard]);

    await files.refetch();
    expect(server.callsTo('GET', '/api/dashboard/stats')).toHaveLength(1);
    status = 'completed';
    await files.refetch();
    await waitFor(() => expect(server.callsTo('GET', '/api/dashboard/stats')).toHaveLength(2));
    files.unsubscribe();
    dashboard.unsubscribe();
  });
});
