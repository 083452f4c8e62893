import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import type { DashboardStats } from '@clearroom/contracts';
import { ProjectsService } from '../projects/projects.service.js';

/** Analysed documents of every project the user is a member of. */
const COMPLETED_DOCUMENTS =
  'select count(*) as count from project_members m join documents d on d.project_id = m.project_id ' +
  "where m.user_id = ? and d.status = 'completed'";

/** The dashboard's figures, over the projects the user is a member of (issue 17). */
@Injectable()
export class DashboardService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly projects: ProjectsService,
  ) {}

  async stats(userId: number): Promise<DashboardStats> {
    const [summary, [completed]] = await Promise.all([
      this.projects.summarize(userId),
      this.em.getConnection().execute<{ count: number | string }[]>(COMPLETED_DOCUMENTS, [userId]),
    ]);
    return {
      activeProjects: summary.projectCount,
      documentsAnalyzed: Number(completed?.count ?? 0),
      totalDealValue: summary.totalValuation,
      valuationsInOtherCurrencies: summary.valuationsInOtherCurrencies,
      companiesReviewed: summary.distinctCompanies,
    };
  }
}
