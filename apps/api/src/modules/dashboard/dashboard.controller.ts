import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthenticatedUser } from '../../common/request.js';
import { VersionedJson } from '../../common/versioned-json.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { DashboardService } from './dashboard.service.js';

@Controller('dashboard')
export class DashboardController {
  constructor(
    private readonly dashboard: DashboardService,
    private readonly versionedJson: VersionedJson,
  ) {}

  /** `DashboardStats`, cached per user until their data changes. */
  @Get('stats')
  async stats(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.versionedJson.send(request, response, `stats-${user.id}`, user.dataVersion, () =>
      this.dashboard.stats(user.id),
    );
  }
}
