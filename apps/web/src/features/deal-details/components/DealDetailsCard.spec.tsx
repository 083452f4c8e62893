import type { ExtractDealDetailsResponse, Project } from '@clearroom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
  it('explains an empty card and offers "Add Details" and "AI Extract"', async () => {
    mockFetch({});
    const { user } = renderCard(makeProject());

    expect(screen.getByRole('heading', { name: 'Deal Details' })).toBeInTheDocument();
    expect(screen.getByText(/No deal details have been recorded/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'AI Extract' })).toBeInTheDocument();

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

  it('shows a valuation the server read formatted, and the text as typed on focus', async () => {
    mockFetch({});
    const { user } = renderCard(
      makeProject({
        valuation: '25000000',
        valuationValue: { amount: 25_000_000, currency: 'USD' },
      }),
    );
    const deal = screen.getByRole('region', { name: 'Deal Context' });
    expect(within(deal).getByText('$25M')).toBeInTheDocument();
    for (let tabs = 0; tabs < 10 && document.activeElement?.textContent !== '$25M'; tabs++) {
      await user.tab();
    }
    expect(document.activeElement).toHaveTextContent('$25M');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('As typed: 25000000');
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

const provenance = (quote: string, pageNumber = 1) => ({
  documentId: 4,
  originalname: 'License Agreement.pdf',
  pageNumber,
  quote,
  start: 0,
  end: quote.length,
});

const extracted: ExtractDealDetailsResponse = {
  dealDetails: {
    companyName: 'CytoDyn Inc.',
    industry: 'Biotechnology',
    dealStage: 'due diligence',
  },
  provenance: {
    companyName: provenance('CytoDyn Inc., a Delaware corporation', 1),
    industry: provenance('a biotechnology company', 2),
    dealStage: provenance('subject to due diligence', 3),
  },
  fallbackUsed: false,
  documentsProcessed: 2,
  method: 'rules',
};

describe('DealDetailsCard, AI Extract', () => {
  it('fills the form from the documents, each value with where it was found', async () => {
    const extraction = deferred<MockResponse>();
    const server = mockFetch({
      'POST /api/projects/7/extract-deal-details': () => extraction.promise,
    });
    const { user } = renderCard(makeProject({ id: 7 }));

    await user.click(screen.getByRole('button', { name: 'AI Extract' }));
    expect(await screen.findByRole('button', { name: 'Extracting...' })).toBeDisabled();
    expect(server.callsTo('POST', '/api/projects/7/extract-deal-details')).toHaveLength(1);
    extraction.resolve({ body: extracted });

    const form = await screen.findByRole('form', { name: 'Edit deal details' });
    expect(within(form).getByLabelText('Company Name')).toHaveValue('CytoDyn Inc.');
    expect(within(form).getByLabelText('Industry')).toHaveValue('Biotechnology');
    expect(within(form).getByRole('combobox', { name: 'Deal Stage' })).toHaveTextContent(
      'Due Diligence',
    );
    expect(within(form).getByLabelText('CEO/MD Name')).toHaveValue('');

    const companyNote = screen.getByRole('note', { name: 'Company Name: extracted' });
    expect(
      within(companyNote).getByRole('button', { name: 'from License Agreement.pdf, page 1' }),
    ).toBeInTheDocument();
    expect(companyNote).toHaveTextContent('CytoDyn Inc., a Delaware corporation');
    expect(screen.getByRole('note', { name: 'Industry: extracted' })).toHaveTextContent(
      'from License Agreement.pdf, page 2',
    );
    expect(screen.queryByRole('note', { name: 'CEO/MD Name: extracted' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Previous value/)).not.toBeInTheDocument();

    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('AI extraction completed');
    expect(toast).toHaveTextContent('Successfully extracted 3 fields from 2 documents');
    expect(screen.getByRole('button', { name: 'AI Extract' })).toBeEnabled();
  });

  it('shows the value a field held before, which can be kept, and saves what the user chose', async () => {
    const server = mockFetch({
      'POST /api/projects/7/extract-deal-details': { body: extracted },
      'PATCH /api/projects/7': (request) => ({
        body: { project: { ...filledProject, ...(request.body as object) } },
      }),
    });
    const { user } = renderCard(filledProject);

    // Beside Edit on a card with details; 'Logistics' differs, 'Due Diligence' is the same stage.
    await user.click(screen.getByRole('button', { name: 'AI Extract' }));
    const form = await screen.findByRole('form', { name: 'Edit deal details' });
    expect(within(form).getByLabelText('Company Name')).toHaveValue('CytoDyn Inc.');

    const companyNote = screen.getByRole('note', { name: 'Company Name: extracted' });
    expect(companyNote).toHaveTextContent('Previous value: Northwind Logistics Ltd');
    const industryNote = screen.getByRole('note', { name: 'Industry: extracted' });
    expect(industryNote).toHaveTextContent('Previous value: Logistics');
    expect(screen.getByRole('note', { name: 'Deal Stage: extracted' })).not.toHaveTextContent(
      'Previous value',
    );

    await user.click(
      within(companyNote).getByRole('button', { name: 'Keep previous Company Name' }),
    );
    expect(within(form).getByLabelText('Company Name')).toHaveValue('Northwind Logistics Ltd');
    expect(companyNote).toHaveTextContent('Extracted value: CytoDyn Inc.');
    await user.click(
      within(companyNote).getByRole('button', { name: 'Use extracted Company Name' }),
    );
    expect(within(form).getByLabelText('Company Name')).toHaveValue('CytoDyn Inc.');
    await user.click(within(industryNote).getByRole('button', { name: 'Keep previous Industry' }));

    await user.click(screen.getByRole('button', { name: 'Save Details' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/api/projects/7')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/api/projects/7')[0]?.body).toMatchObject({
      companyName: 'CytoDyn Inc.',
      industry: 'Logistics',
      ceoName: 'Dana Reyes',
      dealStage: 'Due Diligence',
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Edit deal details' })).not.toBeInTheDocument(),
    );
  });

  it('fills an open form without losing what the user typed', async () => {
    mockFetch({ 'POST /api/projects/7/extract-deal-details': { body: extracted } });
    const { user } = renderCard(makeProject({ id: 7 }));

    await user.click(screen.getByRole('button', { name: 'Add Details' }));
    await user.type(screen.getByLabelText('Company Name'), 'Typed Corp');
    await user.type(screen.getByLabelText('CEO/MD Name'), 'Jo Typed');
    await user.click(screen.getByRole('button', { name: 'AI Extract' }));

    expect(await screen.findByText('Previous value: Typed Corp')).toBeInTheDocument();
    expect(screen.getByLabelText('Company Name')).toHaveValue('CytoDyn Inc.');
    expect(screen.getByLabelText('CEO/MD Name')).toHaveValue('Jo Typed');
  });

  it('says when the values came from web research', async () => {
    mockFetch({
      'POST /api/projects/7/extract-deal-details': {
        body: {
          dealDetails: { industry: 'Biotechnology' },
          provenance: {},
          fallbackUsed: true,
          documentsProcessed: 0,
          method: 'model',
        },
      },
    });
    const { user } = renderCard(makeProject({ id: 7, companyName: 'CytoDyn' }));
    await user.click(screen.getByRole('button', { name: 'AI Extract' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Extracted 1 field using web research (no documents found)',
    );
    expect(screen.getByRole('note', { name: 'Industry: extracted' })).toHaveTextContent(
      'from web research',
    );
  });

  it("says why extraction failed: the server's message, else the spec's", async () => {
    let calls = 0;
    mockFetch({
      'POST /api/projects/7/extract-deal-details': () =>
        ++calls === 1
          ? {
              status: 422,
              body: {
                error: 'No analysed documents: upload documents and wait for their analysis.',
                code: 'NO_ANALYSED_DOCUMENTS',
              },
            }
          : { status: 502 },
    });
    const { user } = renderCard(makeProject({ id: 7 }));

    await user.click(screen.getByRole('button', { name: 'AI Extract' }));
    let toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Extraction failed');
    expect(toast).toHaveTextContent(
      'No analysed documents: upload documents and wait for their analysis.',
    );
    expect(screen.queryByRole('form', { name: 'Edit deal details' })).not.toBeInTheDocument();

    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'AI Extract' }));
    toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to extract deal details from documents');
  });

  it('opens the document a value came from in a new tab, at its page', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let tokenCalls = 0;
    mockFetch({
      'POST /api/projects/7/extract-deal-details': { body: extracted },
      'GET /api/files/4/token': () =>
        ++tokenCalls === 1
          ? { body: { url: '/api/files/f00d.pdf?token=signed' } }
          : { status: 404, body: { error: 'File not found', code: 'NOT_FOUND' } },
    });
    const { user } = renderCard(makeProject({ id: 7 }));
    await user.click(screen.getByRole('button', { name: 'AI Extract' }));
    const link = await screen.findByRole('button', { name: 'from License Agreement.pdf, page 2' });

    await user.click(link);
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() =>
      expect(tab.location.href).toBe(
        new URL('/api/files/f00d.pdf?token=signed#page=2', window.location.href).href,
      ),
    );
    expect(tab.opener).toBeNull();

    // Deleted since: the tab closes again and a toast says so.
    await user.click(link);
    await waitFor(() => expect(tab.close).toHaveBeenCalledTimes(1));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('File not found');
    expect(toast).toHaveTextContent('Could not locate the source document');
  });

  it('shows a viewer the details read-only: no Edit, no AI Extract, no Add Details', () => {
    mockFetch({});
    const first = renderCard({ ...filledProject, role: 'viewer' });
    expect(screen.getByText('Northwind Logistics Ltd')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'AI Extract' })).not.toBeInTheDocument();
    first.unmount();

    renderCard(makeProject({ role: 'viewer' }));
    expect(
      screen.getByText('No deal details have been recorded for this project yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'AI Extract' })).not.toBeInTheDocument();
  });

  it('lets an editor edit and extract', () => {
    mockFetch({});
    renderCard({ ...filledProject, role: 'editor' });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'AI Extract' })).toBeInTheDocument();
  });

  it("shows the server's message when saving is refused", async () => {
    mockFetch({
      'PATCH /api/projects/7': {
        status: 403,
        body: { error: "Viewers can't edit deal details", code: 'FORBIDDEN' },
      },
    });
    const { user } = renderCard({ ...filledProject, role: 'editor' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save Details' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error updating deal details');
    expect(toast).toHaveTextContent("Viewers can't edit deal details");
  });
});
