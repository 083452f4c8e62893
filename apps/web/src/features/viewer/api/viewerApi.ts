import type { DocumentPageResponse, FileTokenResponse } from '@clearroom/contracts';
import { api } from '../../../api/api';

export type DocumentPageArgs = { documentId: number; pageNumber: number };

export const viewerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A signed, short-lived URL of the file (spec §7): never cached, each use asks afresh. */
    getFileToken: build.query<string, number>({
      query: (documentId) => `/files/${documentId}/token`,
      transformResponse: (response: FileTokenResponse) => response.url,
      keepUnusedDataFor: 0,
    }),

    /** The extracted text of one page: what a citation's offsets point into. */
    getDocumentPage: build.query<DocumentPageResponse, DocumentPageArgs>({
      query: ({ documentId, pageNumber }) => `/files/${documentId}/pages/${pageNumber}`,
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetFileTokenQuery, useGetDocumentPageQuery } = viewerApi;
