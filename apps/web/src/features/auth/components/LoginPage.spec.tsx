import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockFetch, type MockResponse } from '../../../test/fetchMock';
import { testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { LoginPage } from './LoginPage';

const signedOut = {
  'GET /api/auth/user': { status: 401, body: { error: 'Not signed in', code: 'UNAUTHENTICATED' } },
  'GET /api/auth/config': { body: { mode: 'local' } },
};

function renderLogin(route = '/login') {
  return renderWithProviders(<LoginPage />, { route, path: '/login' });
}

describe('LoginPage', () => {
  it("opens in Create Account mode from the landing page's Get Started, in Sign In mode otherwise", async () => {
    mockFetch(signedOut);
    const { unmount } = renderLogin('/login?mode=register');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByLabelText(/password/i)).toHaveAttribute('autocomplete', 'new-password');
    unmount();
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText(/password/i)).toHaveAttribute('autocomplete', 'current-password');
  });

  it('refuses a whitespace-only username or password without calling the server', async () => {
    const server = mockFetch(signedOut);
    const { user } = renderLogin();

    await user.type(await screen.findByLabelText(/username/i), '   ');
    await user.type(screen.getByLabelText(/password/i), '   ');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Please enter both username and password');
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows "Signing in..." on a disabled button while signing in, then opens the dashboard', async () => {
    const login = deferred<MockResponse>();
    const server = mockFetch({ ...signedOut, 'POST /api/auth/login': () => login.promise });
    const { user, router } = renderLogin();

    await user.type(await screen.findByLabelText(/username/i), '  alice ');
    await user.type(screen.getByLabelText(/password/i), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const pending = await screen.findByRole('button', { name: 'Signing in...' });
    expect(pending).toBeDisabled();
    expect(server.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({
      username: 'alice',
      password: 'correct horse',
    });

    login.resolve({ status: 200, body: { user: testUser } });

    const toast = (await screen.findByText('Login successful')).closest('[role="status"]');
    expect(toast).toHaveTextContent('You have been successfully logged in.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the server message when sign-in fails', async () => {
    mockFetch({
      ...signedOut,
      'POST /api/auth/login': {
        status: 429,
        body: { error: 'Too many attempts: try again in a minute', code: 'TOO_MANY_ATTEMPTS' },
      },
    });
    const { user, router } = renderLogin();

    await user.type(await screen.findByLabelText(/username/i), 'alice');
    await user.type(screen.getByLabelText(/password/i), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Login failed');
    expect(toast).toHaveTextContent('Too many attempts: try again in a minute');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to "Invalid username or password" when the server gives no message', async () => {
    mockFetch({ ...signedOut, 'POST /api/auth/login': { status: 401 } });
    const { user } = renderLogin();

    await user.type(await screen.findByLabelText(/username/i), 'alice');
    await user.type(screen.getByLabelText(/password/i), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  });

  it('creates an account in the other mode, showing "Creating account..." meanwhile', async () => {
    const register = deferred<MockResponse>();
    const server = mockFetch({ ...signedOut, 'POST /api/auth/register': () => register.promise });
    const { user, router } = renderLogin();

    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/username/i), 'bob');
    await user.type(screen.getByLabelText(/password/i), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    register.resolve({ status: 201, body: { user: { id: 2, username: 'bob' } } });

    const toast = await screen.findByText('Registration successful');
    expect(toast.closest('[role="status"]')).toHaveTextContent(
      'Your account has been created and you are now logged in.',
    );
    expect(server.callsTo('POST', '/api/auth/register')[0]?.body).toEqual({
      username: 'bob',
      password: 'long enough password',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the server message when registration fails', async () => {
    mockFetch({
      ...signedOut,
      'POST /api/auth/register': {
        status: 400,
        body: { error: 'Password must be at least 8 characters', code: 'VALIDATION_FAILED' },
      },
    });
    const { user } = renderLogin();

    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    await user.type(screen.getByLabelText(/username/i), 'bob');
    await user.type(screen.getByLabelText(/password/i), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Registration failed')).toBeInTheDocument();
    expect(toast).toHaveTextContent('Password must be at least 8 characters');
  });

  it('shows no length or format rules under the fields (spec §5): the toast gives the reason', async () => {
    mockFetch(signedOut);
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText(/username/i)).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText(/password/i)).not.toHaveAccessibleDescription();
  });

  it.each([
    [409, 'USERNAME_TAKEN', 'This username is already taken. Please choose another.'],
    [400, 'VALIDATION_FAILED', 'Username cannot contain spaces or control characters'],
  ])(
    'puts the server\'s reason for a %i in the "Registration failed" toast',
    async (status, code, error) => {
      mockFetch({ ...signedOut, 'POST /api/auth/register': { status, body: { error, code } } });
      const { user } = renderLogin();

      await user.click(await screen.findByRole('button', { name: 'Create Account' }));
      await user.type(screen.getByLabelText(/username/i), 'bob');
      await user.type(screen.getByLabelText(/password/i), 'long enough password');
      await user.click(screen.getByRole('button', { name: 'Create Account' }));

      const toast = await screen.findByRole('alert');
      expect(within(toast).getByText('Registration failed')).toBeInTheDocument();
      expect(toast).toHaveTextContent(error);
    },
  );

  it('falls back to "Could not create account" when the server gives no reason', async () => {
    mockFetch({ ...signedOut, 'POST /api/auth/register': { status: 502 } });
    const { user } = renderLogin();

    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    await user.type(screen.getByLabelText(/username/i), 'bob');
    await user.type(screen.getByLabelText(/password/i), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Registration failed');
    expect(toast).toHaveTextContent('Could not create account');
  });

  it('sends a signed-in user to the dashboard', async () => {
    mockFetch({ 'GET /api/auth/user': { body: { user: testUser } } });
    const { router } = renderLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  describe('with single sign-on (the server says mode: oidc)', () => {
    const signedOutSso = { ...signedOut, 'GET /api/auth/config': { body: { mode: 'oidc' } } };

    it('offers "Sign in with SSO" as a plain link to the server, and no password form', async () => {
      mockFetch(signedOutSso);
      renderLogin();

      const sso = await screen.findByRole('link', { name: 'Sign in with SSO' });
      // A navigation, not a form post: the CSP's form-action 'self' would block the redirect.
      expect(sso).toHaveAttribute('href', '/api/auth/oidc/login');
      expect(sso.closest('form')).toBeNull();
      expect(screen.queryByLabelText(/password/i)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    });

    it('explains that accounts are managed by the identity provider instead of offering registration', async () => {
      mockFetch(signedOutSso);
      renderLogin();

      expect(
        await screen.findByText(
          "Accounts are managed by your organisation's identity provider. To get access, ask your administrator.",
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    });

    it('still sends a signed-in user to the dashboard', async () => {
      mockFetch({ ...signedOutSso, 'GET /api/auth/user': { body: { user: testUser } } });
      const { router } = renderLogin();
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    });
  });

  it('shows the password form when the sign-in mode cannot be read', async () => {
    mockFetch({ ...signedOut, 'GET /api/auth/config': { status: 503 } });
    renderLogin();
    expect(await screen.findByLabelText(/password/i)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with SSO' })).not.toBeInTheDocument();
  });
});
