import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useToast } from '../../components/toast/useToast';
import { viewerApi } from './api/viewerApi';
import { FILE_NOT_FOUND_TOAST, TOKEN_FAILED_MESSAGE } from './viewerMessages';

/**
 * Opens a document in a new tab through a fresh signed URL (at a page, for PDFs). The tab is
 * opened at once, in the click, so that pop-up blockers allow it, and sent to the file once the
 * URL has arrived.
 */
export function useOpenDocumentInNewTab() {
  const dispatch = useAppDispatch();
  const { toast } = useToast();

  return useCallback(
    async (documentId: number, pageNumber?: number) => {
      const tab = window.open('about:blank', '_blank');
      try {
        const url = await dispatch(
          viewerApi.endpoints.getFileToken.initiate(documentId, {
            subscribe: false,
            forceRefetch: true,
          }),
        ).unwrap();
        const absolute = new URL(url, window.location.href);
        if (pageNumber) absolute.hash = `page=${pageNumber}`;
        if (tab) {
          tab.opener = null;
          tab.location.href = absolute.href;
        } else {
          window.open(absolute.href, '_blank', 'noopener');
        }
      } catch (error) {
        tab?.close();
        const missing =
          typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
        toast(
          missing
            ? FILE_NOT_FOUND_TOAST
            : { title: 'Error', description: TOKEN_FAILED_MESSAGE, variant: 'destructive' },
        );
      }
    },
    [dispatch, toast],
  );
}
