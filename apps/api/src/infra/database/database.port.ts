import type { HealthProbe } from '../../common/health-probe.js';

/**
 * The relational database (SQLite, MySQL or MariaDB, chosen by DATABASE_URL). Services read and
 * write through MikroORM's `SqlEntityManager`, which the database module provides; this port adds
 * what the rest of the process needs to know about the database itself.
 */
export type Database = HealthProbe;

export const DATABASE = Symbol('DATABASE');

/** Settings the application keeps in its own table (e.g. the file URL signing key). */
export { AppSetting } from './app-setting.entity.js';
