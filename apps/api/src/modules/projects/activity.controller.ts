import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import {
  ACTIVITY_PAGE_DEFAULT_LIMIT,
  ACTIVITY_PAGE_MAX_LIMIT,
  activityActions,
  activityCsvColumns,
  type ActivityEntry,
  type ActivityPage,
  type DocumentViewSummaryResponse,
  idParamSchema,
} from '@clearroom/contracts';
import type { AuthenticatedUser } from '../../common/request.js';
import { ActivityLog, type ActivityFilter } from '../activity/activity-log.service.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { ProjectAccess } from './project-access.service.js';

const optionalId = (label: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/, `${label} must be a positive integer`)
    .transform(Number)
    .optional();

const filterShape = {
  actor: optionalId('actor'),
  action: z
    .enum(activityActions, { error: `action must be one of: ${activityActions.join(', ')}` })
    .optional(),
  documentId: optionalId('documentId'),
  before: optionalId('before'),
};

const activityQuerySchema = z.strictObject({
  ...filterShape,
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'limit must be a whole number')
    .transform(Number)
    .refine(
      (limit) => limit >= 1 && limit <= ACTIVITY_PAGE_MAX_LIMIT,
      `limit must be between 1 and ${ACTIVITY_PAGE_MAX_LIMIT}`,
    )
    .optional(),
});
const exportQuerySchema = z.strictObject(filterShape);

type ActivityQuery = z.output<typeof activityQuerySchema>;
type ExportQuery = z.output<typeof exportQuerySchema>;

/**
 * A project's activity log (issue 17), read by its owners and editors (viewers: 403; it names
 * people and their addresses). Read-only: no route edits or deletes an entry.
 */
@Controller('projects/:id/activity')
export class ActivityController {
  constructor(
    private readonly access: ProjectAccess,
    private readonly log: ActivityLog,
  ) {}

  @Get()
  async page(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Query({ schema: activityQuerySchema }) query: ActivityQuery,
  ): Promise<ActivityPage> {
    await this.access.require(user, id, 'readActivity');
    return this.log.page(id, filterOf(query), query.limit ?? ACTIVITY_PAGE_DEFAULT_LIMIT);
  }

  /** Per document: how many people viewed it, and when last. */
  @Get('documents')
  async documents(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
  ): Promise<DocumentViewSummaryResponse> {
    await this.access.require(user, id, 'readActivity');
    return { documents: await this.log.viewSummary(id) };
  }

  /** The whole (filtered) log as CSV, streamed in batches. */
  @Get('export')
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Query({ schema: exportQuerySchema }) query: ExportQuery,
    @Res() response: Response,
  ): Promise<void> {
    await this.access.require(user, id, 'readActivity');
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="project-${id}-activity.csv"`);
    response.write(`\ufeff${activityCsvColumns.join(',')}\r\n`);
    for await (const batch of this.log.all(id, filterOf(query))) {
      response.write(batch.map(csvLine).join(''));
    }
    response.end();
  }
}

function filterOf(query: ActivityFilter): ActivityFilter {
  return {
    actor: query.actor,
    action: query.action,
    documentId: query.documentId,
    before: query.before,
  };
}

function csvLine(entry: ActivityEntry): string {
  return (
    [
      String(entry.id),
      entry.at,
      entry.actor?.username ?? '',
      entry.action,
      entry.document?.name ?? '',
      entry.address ?? '',
      entry.details ? JSON.stringify(entry.details) : '',
    ]
      .map(csvCell)
      .join(',') + '\r\n'
  );
}

/**
 * RFC 4180 quoting; a field that a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a
 * leading apostrophe (a question or a file name may start with "=").
 */
function csvCell(field: string): string {
  const safe = /^[=+\-@\t\r]/.test(field) ? `'${field}` : field;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
