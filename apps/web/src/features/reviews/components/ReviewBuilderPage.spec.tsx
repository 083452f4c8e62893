import { BUILT_IN_REVIEW_TEMPLATES } from '@clearroom/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { makeProject, makeProjectFile, testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ReviewBuilderPage } from './ReviewBuilderPage';

function serve(createReview: Parameters<typeof mockFetch>[0][string]) {
  const saved: object[] = [];
  return mockFetch({
    'GET /api/auth/user': { body: { user: testUser } },
    'GET /api/projects': { body: { projects: [makeProject({ id: 3, name: 'Project Ibis' })] } },
    'GET /api/review-templates': () => ({
      body: { templates: [...BUILT_IN_REVIEW_TEMPLATES, ...saved] },
    }),
    'GET /api/projects/3/files': {
      body: {
        files: [
          makeProjectFile({ id: 7, projectId: 3, originalname: 'Lease Unit 4.pdf' }),
          makeProjectFile({ id: 8, projectId: 3, originalname: 'Supply agreement.pdf' }),
          makeProjectFile({
            id: 9,
            projectId: 3,
            originalname: 'Lease draft.pdf',
            processingStatus: 'processing',
            processing_status: 'processing',
          }),
        ],
      },
    },
    'POST /api/projects/3/reviews': createReview,
    'POST /api/review-templates': ({ body }) => {
      const template = { id: '12', builtIn: false, ...(body as object) };
      saved.push(template);
      return { status: 201, body: { template } };
    },
  });
}

const render = () =>
  renderWithProviders(<ReviewBuilderPage />, {
    route: '/project/3/reviews/new',
    path: '/project/:id/reviews/new',
  });

describe('ReviewBuilderPage', () => {
  it('pre-fills the columns from a template and runs the review over the documents chosen by name', async () => {
    const server = serve({ status: 201, body: { review: { id: 44 } } });
    const { user } = render();
    await user.click(await screen.findByRole('combobox', { name: 'Start from a template' }));
    await user.click(await screen.findByRole('option', { name: 'Lease abstract' }));
    expect(screen.getByRole('textbox', { name: 'Review name' })).toHaveValue('Lease abstract');
    const columns = screen.getAllByRole('group', { name: /^Column \d+$/ });
    expect(columns).toHaveLength(9);
    expect(within(columns[0]!).getByRole('textbox', { name: 'Label' })).toHaveValue('Landlord');

    await user.click(screen.getByRole('radio', { name: 'Documents whose name contains…' }));
    await user.type(screen.getByRole('textbox', { name: 'File name contains' }), 'lease');
    // Only analysed documents count: the draft still being analysed is left out.
    expect(screen.getByText('1 matching analysed documents')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run review' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/project/3/reviews/44'),
    );
    const [request] = server.callsTo('POST', '/api/projects/3/reviews');
    expect(request!.body).toEqual({
      name: 'Lease abstract',
      documentIds: [7],
      columns: BUILT_IN_REVIEW_TEMPLATES[2]!.columns,
    });
  });

  it("shows the server's message naming the field, and saves the columns as a template", async () => {
    const server = serve({
      status: 400,
      body: { error: "A column's question is required", code: 'VALIDATION_FAILED' },
    });
    const { user } = render();
    await user.type(await screen.findByRole('textbox', { name: 'Review name' }), 'Mine');
    const column = screen.getByRole('group', { name: 'Column 1' });
    await user.type(within(column).getByRole('textbox', { name: 'Label' }), 'Rent');
    await user.click(screen.getByRole('button', { name: 'Run review' }));
    expect(await screen.findByText("A column's question is required")).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/projects/3/reviews')[0]!.body).toEqual({
      name: 'Mine',
      columns: [{ label: 'Rent', question: '', type: 'text' }],
    });

    await user.type(within(column).getByRole('textbox', { name: 'Question' }), 'What is the rent?');
    await user.click(screen.getByRole('button', { name: 'Save columns as template' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/review-templates')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/review-templates')[0]!.body).toEqual({
      name: 'Mine',
      columns: [{ label: 'Rent', question: 'What is the rent?', type: 'text' }],
    });
  });
});
