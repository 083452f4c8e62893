import { Injectable } from '@nestjs/common';
import type { DashboardStats } from '@clearroom/contracts';
import { ProjectsService } from '../projects/projects.service.js';

@Injectable()
export class DashboardService {
  constructor(private readonly projects: ProjectsService) {}

  async stats(userId: number): Promise<DashboardStats> {
    const summary = await this.projects.summarize(userId);
    return {
      activeProjects: summary.projectCount,
      // Counts completed documents once documents exist (the documents module).
      documentsAnalyzed: 0,
      totalDealValue: summary.totalValuation,
      companiesReviewed: summary.distinctCompanies,
    };
  }
}
