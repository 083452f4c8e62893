import type { Request } from 'express';

export type AuthenticatedUser = {
  id: number;
  username: string;
  /** The user's data version when the request arrived (see common/versioned-json.ts). */
  dataVersion: number;
  /** An instance administrator (issue 17). */
  isAdmin: boolean;
  /** Disabled by an administrator: the guard refuses every request of theirs. */
  disabled: boolean;
  /** The client address of the request (for the activity log); set by the session guard. */
  address?: string | null;
};

/** The Express request as our middleware and guards leave it. */
export type AppRequest = Request & {
  id?: string | number | object;
  user?: AuthenticatedUser;
  sessionToken?: string;
  /** The session or token named an account an administrator disabled (it counts as anonymous). */
  accountDisabled?: boolean;
};
