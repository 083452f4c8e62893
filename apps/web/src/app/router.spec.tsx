import { ThemeProvider } from '@mui/material/styles';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch, type MockResponse } from '../test/fetchMock';
import {
  makeClauseMatrix,
  makeClausesResponse,
  makeDocumentClauses,
  makeProject,
  testUser,
} from '../test/fixtures';
import { theme } from './theme';

const signedOut = { status: 401, body: { error: 'Not signed in', code: 'UNAUTHENTICATED' } };

/** The real route table, with a fresh module graph so that every test gets a fresh store. */
async function renderApp(path: string) {
  const { routes } = await import('./router');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.resetModules();
});

describe('routes', () => {
  it('shows the landing page at / without asking who is signed in', async () => {
    const server = mockFetch({});
    await renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /answers you can verify/i }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute(
      'href',
      '/login?mode=register',
    );
    expect(server.calls).toHaveLength(0);
  });

  it("shows '404 Page Not Found' with a way home for unknown paths", async () => {
    mockFetch({});
    await renderApp('/no/such/page');
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it("shows 'Loading...' while the session is determined, then sends a visitor to /login", async () => {
    const session = deferred<MockResponse>();
    const server = mockFetch({ 'GET /api/auth/user': () => session.promise });
    const router = await renderApp('/dashboard');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    session.resolve(signedOut);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    // Projects are only asked for once somebody is signed in.
    expect(server.callsTo('GET', '/api/projects')).toHaveLength(0);
  });

  it('sends the user to /login when the session has ended meanwhile', async () => {
    let sessionChecks = 0;
    mockFetch({
      'GET /api/auth/user': () =>
        ++sessionChecks === 1 ? { body: { user: testUser } } : signedOut,
      'GET /api/projects': {
        status: 401,
        body: { error: 'Please sign in to continue', code: 'UNAUTHENTICATED' },
      },
    });
    const router = await renderApp('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionChecks).toBe(2);
    expect(screen.queryByText('Error fetching projects')).not.toBeInTheDocument();
  });

  it("asks for the Clause Review's matrix once the session has a user, and once per visit", async () => {
    const session = deferred<MockResponse>();
    const matrix = makeClauseMatrix(
      makeClausesResponse({ documents: [makeDocumentClauses({ originalname: 'Lease.pdf' })] }),
    );
    const server = mockFetch({
      'GET /api/auth/user': () => session.promise,
      'GET /api/projects': { body: { projects: [makeProject({ id: 5 })] } },
      'GET /api/projects/5/clauses/matrix': { body: matrix },
      'GET /api/projects/5/files': { body: { files: [] } },
    });
    const matrixCalls = () => server.callsTo('GET', '/api/projects/5/clauses/matrix');
    const router = await renderApp('/project/5/clauses');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    // Nothing but the session is asked for before it is known.
    expect(server.calls.map((call) => call.path)).toEqual(['/api/auth/user']);
    session.resolve({ body: { user: testUser } });
    await waitFor(() => expect(matrixCalls()).toHaveLength(1));
    expect(matrixCalls()[0]?.search).toBe('?minScore=0.2&columns=review');
    expect(await screen.findByRole('grid', { name: 'Clause review' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/auth/user')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/projects')).toHaveLength(1);

    // A filter is not a new visit.
    await router.navigate('/project/5/clauses?redFlags=1');
    expect(await screen.findByText('No documents match these filters.')).toBeInTheDocument();
    expect(matrixCalls()).toHaveLength(1);

    await router.navigate('/project/5/documents');
    expect(await screen.findByRole('heading', { name: 'Upload Documents' })).toBeInTheDocument();
    await router.navigate('/project/5/clauses');
    await waitFor(() => expect(matrixCalls()).toHaveLength(2));
    expect(await screen.findByRole('grid', { name: 'Clause review' })).toBeInTheDocument();
  });

  it('sends a visitor who opens the Clause Review to /login, asking for no clauses', async () => {
    const server = mockFetch({ 'GET /api/auth/user': signedOut });
    const router = await renderApp('/project/5/clauses');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.startsWith('/api/projects'))).toEqual([]);
  });

  it('redirects /project/:id to its deal details', async () => {
    mockFetch({
      'GET /api/auth/user': { body: { user: testUser } },
      'GET /api/projects': { body: { projects: [makeProject({ id: 5, name: 'Project Echo' })] } },
    });
    const router = await renderApp('/project/5');

    await waitFor(() => expect(router.state.location.pathname).toBe('/project/5/deal-details'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Project Echo' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Deal Details' })).toBeInTheDocument();
  });

  it.each(['deal-details', 'documents', 'chat', 'settings'])(
    "shows 'Project Not Found' on /project/:id/%s for a project that is not the user's",
    async (page) => {
      mockFetch({
        'GET /api/auth/user': { body: { user: testUser } },
        'GET /api/projects': { body: { projects: [makeProject({ id: 5 })] } },
      });
      await renderApp(`/project/99/${page}`);
      expect(await screen.findByText('Project Not Found')).toBeInTheDocument();
      expect(screen.getByText('The requested project could not be located.')).toBeInTheDocument();
    },
  );

  it('shows the documents page with its upload card and file list, and the chat frame', async () => {
    mockFetch({
      'GET /api/auth/user': { body: { user: testUser } },
      'GET /api/projects': { body: { projects: [makeProject({ id: 5 })] } },
      'GET /api/projects/5/files': { body: { files: [] } },
    });
    const router = await renderApp('/project/5/documents');
    expect(await screen.findByRole('heading', { name: 'Upload Documents' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Project Files' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No documents uploaded yet. Upload your first document to get started.',
      ),
    ).toBeInTheDocument();

    await router.navigate('/project/5/chat');
    expect(await screen.findByRole('heading', { name: 'AI Assistant' })).toBeInTheDocument();
    expect(screen.getByText('Ready to analyze your documents')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
