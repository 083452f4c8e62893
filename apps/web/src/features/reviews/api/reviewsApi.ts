import type {
  CreateReviewRequest,
  ReviewColumnInput,
  CreateReviewTemplateRequest,
  ReviewCell,
  ReviewCellResponse,
  ReviewDetail,
  ReviewResponse,
  ReviewsResponse,
  ReviewSummary,
  ReviewTemplate,
  ReviewTemplateResponse,
  ReviewTemplatesResponse,
  ReviewView,
  SuccessResponse,
  UpdateReviewCellRequest,
} from '@clearroom/contracts';
import { api } from '../../../api/api';
import { viewParams } from '../reviewFormat';

export type UpdateCellArgs = {
  reviewId: number;
  documentId: number;
  columnId: number;
  changes: UpdateReviewCellRequest;
};

/**
 * Rows of the grid's first request: its first screen and a little more (a row with its cells'
 * answers and citations is about 9 KB of JSON); the next requests ask for REVIEW_PAGE_ROWS.
 */
export const REVIEW_FIRST_PAGE_ROWS = 40;
export const REVIEW_PAGE_ROWS = 100;

/** A grid as a view shows it: the server sorts and filters every row, then pages them. */
export type ReviewGridArgs = { reviewId: number; view: ReviewView };

/** The review's cached grid with one cell replaced (the server's answer to a PATCH). */
function withCell(review: ReviewDetail, documentId: number, cell: ReviewCell): void {
  const row = review.rows.find((candidate) => candidate.documentId === documentId);
  const index = row?.cells.findIndex((candidate) => candidate.columnId === cell.columnId) ?? -1;
  if (row && index >= 0) row.cells[index] = cell;
}

export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReviews: build.query<ReviewSummary[], number>({
      query: (projectId) => `/projects/${projectId}/reviews`,
      transformResponse: (response: ReviewsResponse) => response.reviews,
      providesTags: (_reviews, _error, projectId) => [
        { type: 'Reviews', id: `project-${projectId}` },
      ],
    }),
    /** The grid page by page (`?offset=&limit=`, in the view's order, with its filters). */
    getReview: build.infiniteQuery<ReviewDetail, ReviewGridArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (page) => {
          const next = page.offset + page.rows.length;
          return page.rows.length > 0 && next < page.matchingRows ? next : undefined;
        },
      },
      query: ({ queryArg: { reviewId, view }, pageParam: offset }) => {
        const params = viewParams(view);
        params.set('offset', String(offset));
        params.set('limit', String(offset === 0 ? REVIEW_FIRST_PAGE_ROWS : REVIEW_PAGE_ROWS));
        return `/reviews/${reviewId}?${params.toString()}`;
      },
      transformResponse: (response: ReviewResponse) => response.review,
      providesTags: (_review, _error, { reviewId }) => [{ type: 'Reviews', id: reviewId }],
    }),
    /** Adds a column to a grid: only its cells are answered. */
    addReviewColumn: build.mutation<ReviewDetail, { reviewId: number; column: ReviewColumnInput }>({
      query: ({ reviewId, column }) => ({
        url: `/reviews/${reviewId}/columns`,
        method: 'POST',
        body: column,
      }),
      transformResponse: (response: ReviewResponse) => response.review,
      invalidatesTags: (_review, error, { reviewId }) =>
        error ? [] : [{ type: 'Reviews', id: reviewId }],
    }),
    createReview: build.mutation<ReviewDetail, { projectId: number; body: CreateReviewRequest }>({
      query: ({ projectId, body }) => ({
        url: `/projects/${projectId}/reviews`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: ReviewResponse) => response.review,
      invalidatesTags: (_review, error, { projectId }) =>
        error ? [] : [{ type: 'Reviews', id: `project-${projectId}` }],
    }),
    deleteReview: build.mutation<SuccessResponse, { projectId: number; reviewId: number }>({
      query: ({ reviewId }) => ({ url: `/reviews/${reviewId}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { projectId }) =>
        error ? [] : [{ type: 'Reviews', id: `project-${projectId}` }],
    }),
    updateCell: build.mutation<ReviewCell, UpdateCellArgs>({
      query: ({ reviewId, documentId, columnId, changes }) => ({
        url: `/reviews/${reviewId}/cells/${documentId}/${columnId}`,
        method: 'PATCH',
        body: changes,
      }),
      transformResponse: (response: ReviewCellResponse) => response.cell,
      async onQueryStarted({ reviewId, documentId }, lifecycle) {
        try {
          const { data: cell } = await lifecycle.queryFulfilled;
          // Every view of the grid that is cached holds the row, or not.
          const views = reviewsApi.util
            .selectCachedArgsForQuery(lifecycle.getState(), 'getReview')
            .filter((args) => args.reviewId === reviewId);
          for (const args of views) {
            lifecycle.dispatch(
              reviewsApi.util.updateQueryData('getReview', args, (grid) => {
                for (const page of grid.pages) withCell(page, documentId, cell);
              }),
            );
          }
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    getReviewTemplates: build.query<ReviewTemplate[], void>({
      query: () => '/review-templates',
      transformResponse: (response: ReviewTemplatesResponse) => response.templates,
      providesTags: ['ReviewTemplates'],
    }),
    createReviewTemplate: build.mutation<ReviewTemplate, CreateReviewTemplateRequest>({
      query: (body) => ({ url: '/review-templates', method: 'POST', body }),
      transformResponse: (response: ReviewTemplateResponse) => response.template,
      invalidatesTags: (_template, error) => (error ? [] : ['ReviewTemplates']),
    }),
  }),
});

export const {
  useGetReviewsQuery,
  useGetReviewInfiniteQuery,
  useAddReviewColumnMutation,
  useCreateReviewMutation,
  useDeleteReviewMutation,
  useUpdateCellMutation,
  useGetReviewTemplatesQuery,
  useCreateReviewTemplateMutation,
} = reviewsApi;
