import { raw } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { User } from '../../infra/identity/identity.port.js';

/** Marks a user's data as changed; call it inside the transaction that makes the change. */
@Injectable()
export class DataVersionService {
  async bump(em: SqlEntityManager, userId: number): Promise<void> {
    await em.nativeUpdate(User, { id: userId }, { dataVersion: raw('data_version + 1') });
  }

  /**
   * Marks the data of every member of a project as changed (their project lists and dashboard
   * statistics derive from it). Call it inside the transaction that makes the change.
   */
  async bumpProjectMembers(em: SqlEntityManager, projectId: number): Promise<void> {
    await em
      .getConnection()
      .execute(
        'update users set data_version = data_version + 1 where id in ' +
          '(select user_id from project_members where project_id = ?)',
        [projectId],
        'run',
        em.getTransactionContext(),
      );
  }
}
