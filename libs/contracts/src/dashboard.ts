import { z } from 'zod';

export const dashboardStatsSchema = z.object({
  activeProjects: z.number().int(),
  documentsAnalyzed: z.number().int(),
  /** The sum of the valuations in US dollars (or without a currency): others are never added. */
  totalDealValue: z.number(),
  /** Valuations in another currency, left out of `totalDealValue` (no exchange rates offline). */
  valuationsInOtherCurrencies: z.number().int(),
  companiesReviewed: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
