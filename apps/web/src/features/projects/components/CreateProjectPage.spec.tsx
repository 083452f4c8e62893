import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockFetch, type MockResponse } from '../../../test/fetchMock';
import { makeProject } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CreateProjectPage } from './CreateProjectPage';

function renderPage() {
  return renderWithProviders(<CreateProjectPage />, {
    route: '/project/create',
    path: '/project/create',
  });
}

describe('CreateProjectPage', () => {
  it('refuses a name that is only spaces', async () => {
    const server = mockFetch({});
    const { user } = renderPage();

    await user.type(screen.getByLabelText(/Project Name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Validation error');
    expect(toast).toHaveTextContent('Project name is required');
    expect(server.calls).toHaveLength(0);
  });

  it('sends only the filled optional fields, then opens the new deal details', async () => {
    const created = deferred<MockResponse>();
    const server = mockFetch({ 'POST /api/projects': () => created.promise });
    const { user, router } = renderPage();

    await user.type(screen.getByLabelText(/Project Name/), '  Project Delta ');
    await user.type(screen.getByLabelText('Project Description'), 'Carve-out of the EU unit');
    const section = screen.getByRole('button', { name: 'Deal Details (Optional)' });
    expect(section).toHaveAttribute('aria-expanded', 'false');
    await user.click(section);
    await user.type(screen.getByLabelText('Company Name'), 'Delta GmbH');
    await user.type(screen.getByLabelText('Employees'), ' ');
    await user.type(screen.getByLabelText('Valuation'), '$80M');
    await user.click(screen.getByRole('combobox', { name: 'Deal Stage' }));
    await user.click(await screen.findByRole('option', { name: 'Initial Review' }));
    await user.click(screen.getByRole('button', { name: 'Create Project' }));

    expect(await screen.findByRole('button', { name: 'Creating Project...' })).toBeDisabled();
    expect(server.callsTo('POST', '/api/projects')[0]?.body).toEqual({
      name: 'Project Delta',
      description: 'Carve-out of the EU unit',
      companyName: 'Delta GmbH',
      valuation: '$80M',
      dealStage: 'Initial Review',
    });

    created.resolve({
      status: 201,
      body: { project: makeProject({ id: 42, name: 'Project Delta' }) },
    });
    expect(await screen.findByText('Project created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/42/deal-details'));
  });

  it('says so when the server refuses', async () => {
    mockFetch({
      'POST /api/projects': { status: 500, body: { error: 'Boom', code: 'INTERNAL_ERROR' } },
    });
    const { user } = renderPage();

    await user.type(screen.getByLabelText(/Project Name/), 'Project Delta');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to create project');
    expect(toast).toHaveTextContent('An error occurred. Please try again.');
  });

  it('goes back to the dashboard on Cancel', async () => {
    mockFetch({});
    const { user, router } = renderPage();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
