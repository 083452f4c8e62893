import { EntityManager, MikroORM } from '@mikro-orm/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { SqlEntityManager } from '@mikro-orm/sql';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { MigrationRunner } from './migration-runner.js';
import { createOrmOptions } from './orm-options.js';

/**
 * The relational database (SQLite or MySQL, chosen by DATABASE_URL). Services inject
 * `SqlEntityManager`, which is scoped to the current request by MikroORM's request context.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        MikroOrmModule.forRoot({
          ...createOrmOptions(config.database),
          registerRequestContext: true,
        }),
      ],
      providers: [
        {
          provide: SqlEntityManager,
          useFactory: (em: EntityManager) => em,
          inject: [EntityManager],
        },
        {
          provide: MigrationRunner,
          useFactory: (orm: MikroORM) => new MigrationRunner(orm, config.migrateOnStart),
          inject: [MikroORM],
        },
      ],
      exports: [SqlEntityManager],
    };
  }
}
