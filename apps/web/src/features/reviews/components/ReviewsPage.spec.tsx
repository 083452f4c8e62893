import type { ProjectRole, ReviewSummary } from '@clearroom/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { makeProject, testUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ReviewBuilderPage } from './ReviewBuilderPage';
import { ReviewsPage } from './ReviewsPage';

const review: ReviewSummary = {
  id: 44,
  name: 'Supply review',
  status: 'completed',
  progress: { done: 2, total: 2 },
  createdAt: '2026-03-14T10:00:00.000Z',
};

function mockServer(role: ProjectRole, reviews: ReviewSummary[] = [review]) {
  return mockFetch({
    'GET /api/auth/user': { body: { user: testUser } },
    'GET /api/projects': { body: { projects: [makeProject({ id: 3, role })] } },
    'GET /api/projects/3/reviews': { body: { reviews } },
    'GET /api/projects/3/files': { body: { files: [] } },
    'GET /api/review-templates': { body: { templates: [] } },
  });
}

const renderReviews = () =>
  renderWithProviders(<ReviewsPage />, {
    route: '/project/3/reviews',
    path: '/project/:id/reviews',
  });

describe('ReviewsPage by role', () => {
  it('offers an editor to run and delete reviews', async () => {
    mockServer('editor');
    renderReviews();
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(list).getByRole('button', { name: 'Delete Supply review' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New review' })).toBeInTheDocument();
  });

  it('shows a viewer the reviews with neither "New review" nor delete', async () => {
    mockServer('viewer');
    renderReviews();
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(list).getByRole('link', { name: /Supply review/ })).toBeInTheDocument();
    expect(
      within(list).queryByRole('button', { name: 'Delete Supply review' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New review' })).not.toBeInTheDocument();
  });

  it('tells a viewer who opens the builder that runs need another role', async () => {
    mockServer('viewer');
    renderWithProviders(<ReviewBuilderPage />, {
      route: '/project/3/reviews/new',
      path: '/project/:id/reviews/new',
    });
    expect(
      await screen.findByText(
        "Viewers can't run reviews: ask an editor or an owner of this project.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run review' })).not.toBeInTheDocument();
  });
});
