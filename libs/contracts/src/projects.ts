import { z } from 'zod';
import {
  dealStages,
  LONG_TEXT_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from './constants.js';
import { projectRoles } from './members.js';
import { noControlCharacters, type TextKind } from './text.js';

const projectName = z
  .string({
    // Missing is "required"; a number or null is a wrong type, which "required" would misdescribe.
    error: (issue) =>
      issue.input === undefined ? 'Project name is required' : 'Project name must be text',
  })
  .trim()
  .min(1, { message: 'Project name is required', abort: true })
  .refine(...noControlCharacters('Project name', 'single-line'))
  .max(
    PROJECT_NAME_MAX_LENGTH,
    `Project name must be at most ${PROJECT_NAME_MAX_LENGTH} characters`,
  );

/** An optional text field: trimmed, and an empty value means "not set" (null). */
const optionalText = (label: string, max: number, kind: TextKind = 'single-line') =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .refine(...noControlCharacters(label, kind))
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null));

const optionalDealStage = z
  .union([z.enum(dealStages), z.literal(''), z.null()], {
    error: `Deal stage must be one of: ${dealStages.join(', ')}`,
  })
  .transform((value) => (value ? value : null));

/** All deal fields are optional: an absent key leaves the stored value untouched. */
const dealFieldsShape = {
  description: optionalText('Description', LONG_TEXT_MAX_LENGTH, 'multi-line').optional(),
  companyName: optionalText('Company name', SHORT_TEXT_MAX_LENGTH).optional(),
  industry: optionalText('Industry', SHORT_TEXT_MAX_LENGTH).optional(),
  businessModel: optionalText('Business model', LONG_TEXT_MAX_LENGTH, 'multi-line').optional(),
  ceoName: optionalText('CEO/MD name', SHORT_TEXT_MAX_LENGTH).optional(),
  ceoContact: optionalText('CEO contact', SHORT_TEXT_MAX_LENGTH).optional(),
  revenue: optionalText('Revenue', SHORT_TEXT_MAX_LENGTH).optional(),
  profitMargin: optionalText('Profit margin', SHORT_TEXT_MAX_LENGTH).optional(),
  employeeCount: optionalText('Employees', SHORT_TEXT_MAX_LENGTH).optional(),
  valuation: optionalText('Valuation', SHORT_TEXT_MAX_LENGTH).optional(),
  dealStage: optionalDealStage.optional(),
};

export const createProjectRequestSchema = z.strictObject({ name: projectName, ...dealFieldsShape });
/** What a client sends to create a project. */
export type CreateProjectRequest = z.input<typeof createProjectRequestSchema>;
/** The same, once validated: trimmed, with empty values turned into null. */
export type CreateProjectFields = z.output<typeof createProjectRequestSchema>;

export const updateProjectRequestSchema = createProjectRequestSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Nothing to update: send at least one field',
  });
export type UpdateProjectRequest = z.input<typeof updateProjectRequestSchema>;
export type UpdateProjectFields = z.output<typeof updateProjectRequestSchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  businessModel: z.string().nullable(),
  ceoName: z.string().nullable(),
  ceoContact: z.string().nullable(),
  revenue: z.string().nullable(),
  profitMargin: z.string().nullable(),
  employeeCount: z.string().nullable(),
  valuation: z.string().nullable(),
  /** `valuation` as read by the server ("$25M" from "25000000"), or null when it reads none. */
  valuationValue: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  dealStage: z.enum(dealStages).nullable(),
  /** The caller's role in this project (issue 17). */
  role: z.enum(projectRoles),
  /**
   * The project's owner shown on cards and in the sidebar: its creator while they remain an
   * owner, else the owner who has been one longest.
   */
  owner: z.object({ id: z.number().int(), username: z.string() }),
});
export type Project = z.infer<typeof projectSchema>;

export const projectsResponseSchema = z.object({ projects: z.array(projectSchema) });
export type ProjectsResponse = z.infer<typeof projectsResponseSchema>;

export const projectResponseSchema = z.object({ project: projectSchema });
export type ProjectResponse = z.infer<typeof projectResponseSchema>;

/** Route parameter `:id`: a positive integer. */
export const idParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'Id must be a positive integer')
  .transform(Number)
  .refine(Number.isSafeInteger, 'Id must be a positive integer');
