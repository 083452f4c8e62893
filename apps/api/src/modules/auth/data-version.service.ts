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
}
