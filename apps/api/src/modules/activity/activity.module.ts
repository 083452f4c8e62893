import { Module } from '@nestjs/common';
import { ActivityLog } from './activity-log.service.js';
import { ActivityRetention } from './activity-retention.js';

/** The append-only activity log: written by every module, read by the projects and admin routes. */
@Module({
  providers: [ActivityLog, ActivityRetention],
  exports: [ActivityLog],
})
export class ActivityModule {}
