import { Controller, Get } from '@nestjs/common';
import type { DashboardStats } from '@clearroom/contracts';
import type { AuthenticatedUser } from '../../common/request.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { DashboardService } from './dashboard.service.js';

@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('stats')
  stats(@CurrentUser() user: AuthenticatedUser): Promise<DashboardStats> {
    return this.dashboard.stats(user.id);
  }
}
