import type { Project } from '@clearroom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockFetch, type MockResponse } from '../../../test/fetchMock';
import { makeProject } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { DealDetailsCard } from './DealDetailsCard';

const filledProject = makeProject({
  id: 7,
  companyName: 'Northwind Logistics Ltd',
  industry: 'Logistics',
  ceoName: 'Dana Reyes',
  revenue: '$48M',
  dealStage: 'Due Diligence',
});

function renderCard(project: Project) {
  return renderWithProviders(<DealDetailsCard project={project} />);
}

describe('DealDetailsCard', () => {
  it('explains an empty card and offers "Add Details" (and no AI Extract yet)', async () => {
    mockFetch({});
    const { user } = renderCard(makeProject());

    expect(screen.getByRole('heading', { name: 'Deal Details' })).toBeInTheDocument();
    expect(screen.getByText(/No deal details have been recorded/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /AI Extract/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Details' }));
    expect(screen.getByLabelText('Company Name')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save Details' })).toBeInTheDocument();
  });

  it('shows only the filled fields, in their groups', () => {
    mockFetch({});
    renderCard(filledProject);

    const company = screen.getByRole('region', { name: 'Company Information' });
    expect(within(company).getByText('Company Name')).toBeInTheDocument();
    expect(within(company).getByText('Northwind Logistics Ltd')).toBeInTheDocument();
    expect(within(company).getByText('Logistics')).toBeInTheDocument();
    expect(within(company).queryByText('Business Model')).not.toBeInTheDocument();
    expect(within(company).queryByText('Company Description')).not.toBeInTheDocument();

    const leadership = screen.getByRole('region', { name: 'Leadership' });
    expect(within(leadership).getByText('Dana Reyes')).toBeInTheDocument();
    expect(within(leadership).queryByText('CEO Contact')).not.toBeInTheDocument();
    expect(within(leadership).queryByText('Employees')).not.toBeInTheDocument();

    const financials = screen.getByRole('region', { name: 'Financial Metrics' });
    expect(within(financials).getByText('$48M')).toBeInTheDocument();
    expect(within(financials).queryByText('Profit Margin')).not.toBeInTheDocument();

    const deal = screen.getByRole('region', { name: 'Deal Context' });
    expect(within(deal).getByText('Due Diligence')).toBeInTheDocument();
    expect(within(deal).queryByText('Valuation')).not.toBeInTheDocument();

    expect(screen.queryByRole('button', { name: 'Add Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('leaves out a group with no filled field', () => {
    mockFetch({});
    renderCard(makeProject({ valuation: '$120M' }));
    expect(screen.getByRole('region', { name: 'Deal Context' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Company Information' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Leadership' })).not.toBeInTheDocument();
  });

  it('fills the edit form with the current values, and Cancel discards changes', async () => {
    mockFetch({});
    const { user } = renderCard(filledProject);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit deal details' });
    expect(within(form).getByLabelText('Company Name')).toHaveValue('Northwind Logistics Ltd');
    expect(within(form).getByLabelText('Industry')).toHaveValue('Logistics');
    expect(within(form).getByLabelText('CEO/MD Name')).toHaveValue('Dana Reyes');
    expect(within(form).getByLabelText('Revenue')).toHaveValue('$48M');
    expect(within(form).getByLabelText('Company Description')).toHaveValue('');
    expect(within(form).getByRole('combobox', { name: 'Deal Stage' })).toHaveTextContent(
      'Due Diligence',
    );

    await user.clear(within(form).getByLabelText('Company Name'));
    await user.type(within(form).getByLabelText('Company Name'), 'Something else');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('form', { name: 'Edit deal details' })).not.toBeInTheDocument();
    expect(screen.getByText('Northwind Logistics Ltd')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Company Name')).toHaveValue('Northwind Logistics Ltd');
  });

  it('saves with a PATCH of every field, showing "Saving..." meanwhile', async () => {
    const patch = deferred<MockResponse>();
    const server = mockFetch({ 'PATCH /api/projects/7': () => patch.promise });
    const { user } = renderCard(filledProject);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Valuation'), '  $150M ');
    await user.clear(screen.getByLabelText('Industry'));
    await user.click(screen.getByRole('combobox', { name: 'Deal Stage' }));
    await user.click(await screen.findByRole('option', { name: 'Negotiation' }));
    await user.click(screen.getByRole('button', { name: 'Save Details' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    const [call] = server.callsTo('PATCH', '/api/projects/7');
    expect(call?.body).toEqual({
      companyName: 'Northwind Logistics Ltd',
      industry: '',
      description: '',
      businessModel: '',
      ceoName: 'Dana Reyes',
      ceoContact: '',
      employeeCount: '',
      revenue: '$48M',
      profitMargin: '',
      valuation: '$150M',
      dealStage: 'Negotiation',
    });

    patch.resolve({
      body: {
        project: {
          ...filledProject,
          industry: null,
          valuation: '$150M',
          dealStage: 'Negotiation',
        },
      },
    });

    expect(await screen.findByText('Deal details updated')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Edit deal details' })).not.toBeInTheDocument(),
    );
  });

  it('keeps the form open and says so when saving fails', async () => {
    mockFetch({
      'PATCH /api/projects/7': { status: 500, body: { error: 'Boom', code: 'INTERNAL_ERROR' } },
    });
    const { user } = renderCard(filledProject);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save Details' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error updating deal details');
    expect(toast).toHaveTextContent('Failed to save project details');
    expect(screen.getByRole('form', { name: 'Edit deal details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Details' })).toBeEnabled();
  });
});
