import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { mockFetch } from '../../../test/fetchMock';
import { makeProject, testUser } from '../../../test/fixtures';
import { projectsApi } from '../../projects/api/projectsApi';
import { authApi } from './authApi';
import { pageNavigation } from './pageNavigation';

const unauthenticated = { status: 401, body: { error: 'Not signed in', code: 'UNAUTHENTICATED' } };

describe('authApi', () => {
  it('reads 401 from /auth/user as "signed out", not as an error', async () => {
    mockFetch({ 'GET /api/auth/user': unauthenticated });
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.getUser.initiate());
    expect(result.isError).toBe(false);
    expect(result.data).toBeNull();
  });

  it('replaces the cached user on login, then refetches it', async () => {
    let signedIn = false;
    const server = mockFetch({
      'GET /api/auth/user': () => (signedIn ? { body: { user: testUser } } : unauthenticated),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { body: { user: testUser } };
      },
    });
    const store = makeStore();
    const subscription = store.dispatch(authApi.endpoints.getUser.initiate());
    await subscription;

    await store.dispatch(authApi.endpoints.login.initiate({ username: 'alice', password: 'pw' }));

    await waitFor(() =>
      expect(authApi.endpoints.getUser.select()(store.getState()).data).toEqual(testUser),
    );
    await waitFor(() => expect(server.callsTo('GET', '/api/auth/user')).toHaveLength(2));
    subscription.unsubscribe();
  });

  it('clears every cached query on logout and leaves the user signed out', async () => {
    const server = mockFetch({
      'GET /api/auth/user': { body: { user: testUser } },
      'GET /api/projects': { body: { projects: [makeProject()] } },
      'POST /api/auth/logout': { body: { success: true } },
    });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.getUser.initiate());
    await store.dispatch(projectsApi.endpoints.getProjects.initiate());
    expect(projectsApi.endpoints.getProjects.select()(store.getState()).data).toHaveLength(1);

    await store.dispatch(authApi.endpoints.logout.initiate());

    await waitFor(() =>
      expect(authApi.endpoints.getUser.select()(store.getState()).data).toBeNull(),
    );
    expect(projectsApi.endpoints.getProjects.select()(store.getState()).data).toBeUndefined();
    expect(server.callsTo('GET', '/api/auth/user')).toHaveLength(1);
  });

  it('refetches the user, and only the user, when the window regains focus', async () => {
    const server = mockFetch({
      'GET /api/auth/user': { body: { user: testUser } },
      'GET /api/projects': { body: { projects: [] } },
    });
    const store = makeStore();
    const user = store.dispatch(
      authApi.endpoints.getUser.initiate(undefined, {
        subscriptionOptions: { refetchOnFocus: true },
      }),
    );
    const projects = store.dispatch(projectsApi.endpoints.getProjects.initiate());
    await Promise.all([user, projects]);

    window.dispatchEvent(new Event('focus'));

    await waitFor(() => expect(server.callsTo('GET', '/api/auth/user')).toHaveLength(2));
    expect(server.callsTo('GET', '/api/projects')).toHaveLength(1);
    user.unsubscribe();
    projects.unsubscribe();
  });

  it('after a single sign-on logout, leaves for the identity provider to end its session too', async () => {
    const endSession =
      'https://keycloak.example.com/realms/clearroom/protocol/openid-connect/logout?id_token_hint=x';
    mockFetch({
      'GET /api/auth/user': { body: { user: testUser } },
      'POST /api/auth/logout': { body: { success: true, redirectUrl: endSession } },
    });
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const store = makeStore();
    await store.dispatch(authApi.endpoints.getUser.initiate());

    await store.dispatch(authApi.endpoints.logout.initiate());

    await waitFor(() => expect(assign).toHaveBeenCalledWith(endSession));
    expect(authApi.endpoints.getUser.select()(store.getState()).data).toBeNull();
  });

  it('stays in the app after a local logout', async () => {
    mockFetch({ 'POST /api/auth/logout': { body: { success: true } } });
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.logout.initiate());
    expect(result.data).toEqual({ success: true });
    expect(assign).not.toHaveBeenCalled();
  });

  it('reads the sign-in mode from /auth/config', async () => {
    mockFetch({ 'GET /api/auth/config': { body: { mode: 'oidc' } } });
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.getAuthMode.initiate());
    expect(result.data).toBe('oidc');
  });
});
