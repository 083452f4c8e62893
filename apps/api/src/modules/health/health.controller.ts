import { SqlEntityManager } from '@mikro-orm/sql';
import { Controller, Get } from '@nestjs/common';
import { AppError } from '../../common/app-error.js';
import { Public } from '../auth/public.decorator.js';

type HealthResponse = { status: 'ok'; checks?: Record<string, 'ok'> };

@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly em: SqlEntityManager) {}

  /** The process is up. */
  @Get('live')
  live(): HealthResponse {
    return { status: 'ok' };
  }

  /** The process can serve requests: its database answers. */
  @Get('ready')
  async ready(): Promise<HealthResponse> {
    try {
      await this.em.getConnection().execute('select 1');
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
    }
    return { status: 'ok', checks: { database: 'ok' } };
  }
}
