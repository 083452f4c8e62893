import { z } from 'zod';

export const dashboardStatsSchema = z.object({
  activeProjects: z.number().int(),
  documentsAnalyzed: z.number().int(),
  totalDealValue: z.number(),
  companiesReviewed: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
