import type { DashboardStats } from '@clearroom/contracts';
import { api } from '../../../api/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: build.query<DashboardStats, void>({
      query: () => '/dashboard/stats',
      providesTags: ['Stats'],
    }),
  }),
});

export const { useGetDashboardStatsQuery } = dashboardApi;
