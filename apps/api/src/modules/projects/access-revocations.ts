import { Injectable } from '@nestjs/common';

type Registration = { userId: number; projectId: number; abort: (reason: string) => void };

/**
 * Work in progress on behalf of a member (open answer streams) that must end the moment their
 * access does (issue 17): registered per (user, project), aborted when they are removed from the
 * project or their account is disabled. In-process; streams served by other API replicas notice
 * the loss of access at their next membership check (see AskService).
 */
@Injectable()
export class AccessRevocations {
  private readonly open = new Set<Registration>();

  /** Registers work to abort; call the returned function when it ends. */
  register(userId: number, projectId: number, abort: (reason: string) => void): () => void {
    const registration = { userId, projectId, abort };
    this.open.add(registration);
    return () => this.open.delete(registration);
  }

  /** Ends the user's work in the project (every project when `projectId` is null). */
  revoke(userId: number, projectId: number | null): void {
    for (const registration of [...this.open]) {
      if (
        registration.userId === userId &&
        (projectId === null || registration.projectId === projectId)
      ) {
        this.open.delete(registration);
        registration.abort('Your access to this project has ended');
      }
    }
  }
}
