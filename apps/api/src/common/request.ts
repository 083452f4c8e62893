import type { Request } from 'express';

export type AuthenticatedUser = {
  id: number;
  username: string;
  /** The user's data version when the request arrived (see common/versioned-json.ts). */
  dataVersion: number;
};

/** The Express request as our middleware and guards leave it. */
export type AppRequest = Request & {
  id?: string | number | object;
  user?: AuthenticatedUser;
  sessionToken?: string;
};
