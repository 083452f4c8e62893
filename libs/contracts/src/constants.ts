/** Plain values shared by the API and the web app, kept free of zod so the web bundle stays small. */

export const USERNAME_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const PROJECT_NAME_MAX_LENGTH = 200;
export const LONG_TEXT_MAX_LENGTH = 5000;
export const SHORT_TEXT_MAX_LENGTH = 500;

export const dealStages = [
  'Initial Review',
  'Due Diligence',
  'Negotiation',
  'Legal Review',
  'Closing',
  'Completed',
  'On Hold',
  'Cancelled',
] as const;
export type DealStage = (typeof dealStages)[number];

/** Every optional free-text deal field of a project, in display order. */
export const dealFieldKeys = [
  'companyName',
  'industry',
  'description',
  'businessModel',
  'ceoName',
  'ceoContact',
  'employeeCount',
  'revenue',
  'profitMargin',
  'valuation',
  'dealStage',
] as const;
export type DealFieldKey = (typeof dealFieldKeys)[number];
