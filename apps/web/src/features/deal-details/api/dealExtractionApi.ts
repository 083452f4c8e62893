import type { ExtractDealDetailsResponse } from '@clearroom/contracts';
import { api } from '../../../api/api';

export const dealExtractionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * AI Extract (spec §7): the deal fields found in the project's analysed documents, each with
     * the page it came from. Nothing is saved: the values fill the edit form for review.
     */
    extractDealDetails: build.mutation<ExtractDealDetailsResponse, number>({
      query: (projectId) => ({
        url: `/projects/${projectId}/extract-deal-details`,
        method: 'POST',
      }),
    }),
  }),
});

export const { useExtractDealDetailsMutation } = dealExtractionApi;
