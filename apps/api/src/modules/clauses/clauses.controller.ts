import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';
import type { Response } from 'express';
import {
  CLAUSE_REVIEW_CATEGORIES,
  type ClauseExportQuery,
  clauseExportQuerySchema,
  type ClausesQuery,
  clausesQuerySchema,
  type ClauseMatrixQuery,
  clauseMatrixQuerySchema,
  type ClauseMatrixResponse,
  type ClausesResponse,
  idParamSchema,
} from '@clearroom/contracts';
import type { AuthenticatedUser } from '../../common/request.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { ActivityLog } from '../activity/activity-log.service.js';
import { exportClauses } from './clause-export.js';
import { ClausesService } from './clauses.service.js';

const EXPORT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

@Controller()
export class ClausesController {
  constructor(
    private readonly clauses: ClausesService,
    private readonly activity: ActivityLog,
  ) {}

  @Get('projects/:projectId/clauses')
  async ofProject(
    @CurrentUser() user: AuthenticatedUser,
    @Param('projectId', { schema: idParamSchema }) projectId: number,
    @Query({ schema: clausesQuerySchema }) query: ClausesQuery,
  ): Promise<ClausesResponse> {
    return this.clauses.ofProject(user.id, projectId, query.minScore);
  }

  /**
   * The Clause Review's first screen: each category's best clause per document, without its text;
   * with `?columns=review`, of the review's grouped categories only.
   */
  @Get('projects/:projectId/clauses/matrix')
  async matrixOfProject(
    @CurrentUser() user: AuthenticatedUser,
    @Param('projectId', { schema: idParamSchema }) projectId: number,
    @Query({ schema: clauseMatrixQuerySchema }) query: ClauseMatrixQuery,
  ): Promise<ClauseMatrixResponse> {
    return this.clauses.matrixOfProject(user.id, projectId, {
      minScore: query.minScore,
      categories: query.columns === 'review' ? CLAUSE_REVIEW_CATEGORIES : undefined,
    });
  }

  /** The Clause Review's matrix as a workbook or CSV: each category's best clause and its page. */
  @Get('projects/:projectId/clauses/export')
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Param('projectId', { schema: idParamSchema }) projectId: number,
    @Query({ schema: clauseExportQuerySchema }) query: ClauseExportQuery,
    @Res() response: Response,
  ): Promise<void> {
    const clauses = await this.clauses.ofProject(user.id, projectId);
    const projectName = await this.clauses.projectName(projectId);
    const file = await exportClauses(clauses, query.format, {
      projectName,
      exportedBy: user.username,
      exportedAt: new Date(),
    });
    await this.activity.record({
      projectId,
      actor: user,
      action: 'clauses.exported',
      details: { format: query.format },
    });
    response.setHeader('Content-Type', EXPORT_TYPES[query.format]);
    response.setHeader(
      'Content-Disposition',
      contentDisposition(`${projectName} - Clause Review.${query.format}`),
    );
    response.setHeader('Cache-Control', 'no-store');
    response.end(file);
  }

  @Get('files/:id/clauses')
  async ofDocument(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) documentId: number,
    @Query({ schema: clausesQuerySchema }) query: ClausesQuery,
  ): Promise<ClausesResponse> {
    return this.clauses.ofDocument(user.id, documentId, query.minScore);
  }
}
