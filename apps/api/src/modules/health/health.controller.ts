import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../../common/public.decorator.js';
import { type CheckState, ReadinessService } from './readiness.service.js';
import { ShutdownSignal } from './shutdown-signal.js';

type LiveResponse = { status: 'ok' };
type ReadyResponse =
  | { status: 'ok'; checks: Record<string, CheckState> }
  | {
      status: 'unavailable' | 'shutting_down';
      error: string;
      code: 'SERVICE_UNAVAILABLE';
      checks?: Record<string, CheckState>;
    };

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    private readonly shutdown: ShutdownSignal,
  ) {}

  /** The process is up. Never depends on anything else: a dependency down must not restart us. */
  @Get('live')
  @Header('Cache-Control', 'no-store')
  live(): LiveResponse {
    return { status: 'ok' };
  }

  /** The process can serve: every dependency it is configured with answers, and it is not stopping. */
  @Get('ready')
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadyResponse> {
    if (this.shutdown.isShuttingDown) {
      response.status(503);
      return {
        status: 'shutting_down',
        error: 'Shutting down: this process takes no new work',
        code: 'SERVICE_UNAVAILABLE',
      };
    }
    const report = await this.readiness.check();
    if (report.ready) return { status: 'ok', checks: report.checks };
    response.status(503);
    return {
      status: 'unavailable',
      error: `Not ready: no answer from ${report.failing.join(', ')}`,
      code: 'SERVICE_UNAVAILABLE',
      checks: report.checks,
    };
  }
}
