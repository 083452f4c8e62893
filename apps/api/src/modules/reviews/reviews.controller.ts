import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';
import type { Response } from 'express';
import {
  addReviewColumnRequestSchema,
  createReviewRequestSchema,
  createReviewTemplateRequestSchema,
  type CreateReviewFields,
  idParamSchema,
  reviewExportQuerySchema,
  reviewGridQuerySchema,
  type ReviewGridQuery,
  type ReviewCellResponse,
  type ReviewColumnInput,
  type ReviewResponse,
  type ReviewsResponse,
  type ReviewTemplateResponse,
  type ReviewTemplatesResponse,
  type SuccessResponse,
  updateReviewCellRequestSchema,
  type UpdateReviewCellFields,
} from '@clearroom/contracts';
import type { AuthenticatedUser } from '../../common/request.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { writeReviewCsv, writeReviewXlsx } from './review-export.js';
import { ReviewTemplatesService } from './review-templates.service.js';
import { ReviewsService } from './reviews.service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@Controller()
export class ReviewsController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly templates: ReviewTemplatesService,
  ) {}

  @Get('projects/:id/reviews')
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) projectId: number,
  ): Promise<ReviewsResponse> {
    return { reviews: await this.reviews.list(user, projectId) };
  }

  @Post('projects/:id/reviews')
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) projectId: number,
    @Body({ schema: createReviewRequestSchema }) body: CreateReviewFields,
  ): Promise<ReviewResponse> {
    return { review: await this.reviews.create(user, projectId, body) };
  }

  @Get('reviews/:id')
  async get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Query({ schema: reviewGridQuerySchema }) query: ReviewGridQuery,
  ): Promise<ReviewResponse> {
    return { review: await this.reviews.get(user, id, query) };
  }

  @Patch('reviews/:id/cells/:documentId/:columnId')
  async updateCell(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Param('documentId', { schema: idParamSchema }) documentId: number,
    @Param('columnId', { schema: idParamSchema }) columnId: number,
    @Body({ schema: updateReviewCellRequestSchema }) body: UpdateReviewCellFields,
  ): Promise<ReviewCellResponse> {
    return { cell: await this.reviews.updateCell(user, id, documentId, columnId, body) };
  }

  @Post('reviews/:id/columns')
  async addColumn(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Body({ schema: addReviewColumnRequestSchema }) body: ReviewColumnInput,
  ): Promise<ReviewResponse> {
    return { review: await this.reviews.addColumn(user, id, body) };
  }

  @Delete('reviews/:id')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
  ): Promise<SuccessResponse> {
    await this.reviews.remove(user, id);
    return { success: true };
  }

  /** The grid as a workbook (a second sheet holds the questions, the time and the author) or CSV. */
  @Get('reviews/:id/export')
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Query({ schema: reviewExportQuerySchema }) query: { format: 'xlsx' | 'csv' },
    @Res() response: Response,
  ): Promise<void> {
    // The first batch is read before any header is sent: another user's review is still a 404.
    const batches = this.reviews.rowBatches(user, id);
    const first = await batches.next();
    if (first.done) throw new Error('the review has no first batch');
    await this.reviews.recordExport(user, first.value.review, query.format);
    async function* all() {
      yield first.value;
      yield* batches;
    }
    response.setHeader(
      'Content-Disposition',
      contentDisposition(`${first.value.review.name}.${query.format}`),
    );
    response.setHeader('Cache-Control', 'no-store');
    if (query.format === 'csv') {
      response.type('text/csv; charset=utf-8');
      await writeReviewCsv(all(), response);
      return;
    }
    response.type(XLSX_TYPE);
    await writeReviewXlsx(all(), { author: user.username, exportedAt: new Date() }, response);
  }

  @Get('review-templates')
  async listTemplates(@CurrentUser() user: AuthenticatedUser): Promise<ReviewTemplatesResponse> {
    return { templates: await this.templates.list(user.id) };
  }

  @Post('review-templates')
  async createTemplate(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: createReviewTemplateRequestSchema })
    body: { name: string; columns: ReviewColumnInput[] },
  ): Promise<ReviewTemplateResponse> {
    return { template: await this.templates.create(user.id, body) };
  }
}
