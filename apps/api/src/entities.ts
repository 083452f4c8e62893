import { LoginThrottleSchema } from './modules/auth/login-throttle.entity.js';
import { SessionSchema } from './infra/session-store/session.entity.js';
import { UserSchema } from './infra/identity/accounts/user.entity.js';
import { ClauseSchema, DocumentClassificationSchema } from './modules/clauses/clause.entity.js';
import { DocumentPageSchema } from './modules/documents/document-page.entity.js';
import { DocumentSchema } from './modules/documents/document.entity.js';
import { ReviewCellSchema } from './modules/reviews/review-cell.entity.js';
import { ReviewColumnSchema } from './modules/reviews/review-column.entity.js';
import { ReviewTemplateSchema } from './modules/reviews/review-template.entity.js';
import { ReviewSchema } from './modules/reviews/review.entity.js';
import { ProjectSchema } from './modules/projects/project.entity.js';
import { ProjectMemberSchema } from './modules/projects/project-member.entity.js';
import { ActivityEntrySchema } from './modules/activity/activity-entry.entity.js';
import { ChatEntrySchema } from './modules/qa/chat-entry.entity.js';
import { ChatSessionSchema } from './modules/qa/chat-session.entity.js';
import { JobSchema } from './infra/job-queue/job.entity.js';
import { AppSettingSchema } from './infra/database/app-setting.entity.js';

/**
 * Every entity of the relational schema, registered here at the composition root (each module
 * owns its entities; the database adapter knows none). The migrations create exactly these tables.
 */
export const entities = [
  UserSchema,
  SessionSchema,
  LoginThrottleSchema,
  ProjectSchema,
  ProjectMemberSchema,
  ActivityEntrySchema,
  DocumentSchema,
  DocumentPageSchema,
  JobSchema,
  AppSettingSchema,
  ChatSessionSchema,
  ChatEntrySchema,
  ClauseSchema,
  DocumentClassificationSchema,
  ReviewSchema,
  ReviewColumnSchema,
  ReviewCellSchema,
  ReviewTemplateSchema,
];
