import { Injectable } from '@nestjs/common';
import type { DashboardStats } from '@clearroom/contracts';
import { DocumentReader } from '../documents/document-reader.service.js';
import { ProjectsService } from '../projects/projects.service.js';

@Injectable()
export class DashboardService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly documents: DocumentReader,
  ) {}

  async stats(userId: number): Promise<DashboardStats> {
    const [summary, documentsAnalyzed] = await Promise.all([
      this.projects.summarize(userId),
      this.documents.countCompleted(userId),
    ]);
    return {
      activeProjects: summary.projectCount,
      documentsAnalyzed,
      totalDealValue: summary.totalValuation,
      valuationsInOtherCurrencies: summary.valuationsInOtherCurrencies,
      companiesReviewed: summary.distinctCompanies,
    };
  }
}
