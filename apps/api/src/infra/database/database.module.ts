import { EntityManager, type EntitySchema, MikroORM } from '@mikro-orm/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { SqlEntityManager } from '@mikro-orm/sql';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { DATABASE, type Database } from './database.port.js';
import { MigrationRunner } from './migration-runner.js';
import { createOrmOptions } from './orm-options.js';

/**
 * The relational database (SQLite, MySQL or MariaDB, chosen by DATABASE_URL), with the entities
 * the composition root registers. Services inject `SqlEntityManager` and fork it for each unit
 * of work, so no per-request context is needed (and none is paid for on requests that never
 * touch the database).
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig, entities: EntitySchema[]): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        MikroOrmModule.forRoot({
          ...createOrmOptions(config.database, entities),
          registerRequestContext: false,
        }),
      ],
      providers: [
        {
          provide: SqlEntityManager,
          useFactory: (em: EntityManager) => em,
          inject: [EntityManager],
        },
        {
          provide: DATABASE,
          useFactory: (em: SqlEntityManager): Database => ({
            health: { name: 'database', dependency: 'the database (DATABASE_URL)' },
            ping: async () => {
              await em.getConnection().execute('select 1');
            },
          }),
          inject: [SqlEntityManager],
        },
        {
          provide: MigrationRunner,
          useFactory: (orm: MikroORM) => new MigrationRunner(orm, config.migrateOnStart),
          inject: [MikroORM],
        },
      ],
      exports: [SqlEntityManager, DATABASE],
    };
  }
}
