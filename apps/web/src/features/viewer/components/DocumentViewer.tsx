import { PAGE_TEXT_SHOWN } from '@clearroom/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useGetDocumentPageQuery, useGetFileTokenQuery } from '../api/viewerApi';
import { LOAD_FAILED_MESSAGE, TOKEN_FAILED_MESSAGE } from '../viewerMessages';
import { isPdf, type ViewerHighlight, type ViewerTarget } from '../viewerTarget';
import { TextPageView } from './TextPageView';

/** PDF zoom steps; 1 fits the page to the panel's width. */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT_WIDTH_STEP = ZOOM_STEPS.indexOf(1);

/** pdf.js comes with this chunk only: downloaded the first time a PDF is opened. */
const PdfPageView = lazy(() => import('./PdfPageView'));

type DocumentViewerProps = {
  target: ViewerTarget;
  onClose: () => void;
  /** The document is gone (deleted since it was cited): the caller closes and says so. */
  onMissing: () => void;
};

/**
 * The document viewer panel (spec §2 Chat page, §4): the document's name and page, the page
 * itself (pdf.js for PDFs, the extracted text otherwise) with the cited passage highlighted,
 * previous/next page, and a close button. Keyed by its target by the caller, so opening another
 * citation starts afresh.
 */
export function DocumentViewer({ target, onClose, onMissing }: DocumentViewerProps) {
  const [page, setPage] = useState(target.pageNumber);
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [zoomStep, setZoomStep] = useState(FIT_WIDTH_STEP);
  const highlight = page === target.pageNumber ? target.highlight : undefined;
  const pdf = isPdf(target);

  return (
    <Box
      component="section"
      aria-label="Document viewer"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, minWidth: 0 }}
    >
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            variant="subtitle2"
            component="h2"
            noWrap
            title={target.originalname}
            data-testid="viewer-document-name"
            sx={{ flex: 1, minWidth: 0 }}
          >
            {target.originalname}
          </Typography>
          <IconButton size="small" edge="end" aria-label="Close document viewer" onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            data-testid="viewer-page"
            sx={{ flex: 1, minWidth: 0 }}
          >
            {`Page ${page}`}
            {pageCount ? ` of ${pageCount}` : ''}
          </Typography>
          {pdf && (
            <>
              <IconButton
                size="small"
                aria-label="Zoom out"
                disabled={zoomStep === 0}
                onClick={() => setZoomStep((step) => Math.max(0, step - 1))}
              >
                <ZoomOut fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label="Zoom in"
                disabled={zoomStep === ZOOM_STEPS.length - 1}
                onClick={() => setZoomStep((step) => Math.min(ZOOM_STEPS.length - 1, step + 1))}
              >
                <ZoomIn fontSize="small" />
              </IconButton>
            </>
          )}
          <IconButton
            size="small"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => setPage((current) => Math.max(1, current - 1))}
          >
            <ChevronLeft fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            edge="end"
            aria-label="Next page"
            disabled={pageCount === null || page >= pageCount}
            onClick={() => setPage((current) => current + 1)}
          >
            <ChevronRight fontSize="small" />
          </IconButton>
        </Stack>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', bgcolor: 'grey.100' }}>
        {pdf ? (
          <PdfBody
            documentId={target.documentId}
            page={page}
            zoom={ZOOM_STEPS[zoomStep] ?? 1}
            quote={highlight?.quote}
            onPageCount={setPageCount}
            onMissing={onMissing}
          />
        ) : (
          <TextBody
            documentId={target.documentId}
            page={page}
            highlight={highlight}
            onPageCount={setPageCount}
            onMissing={onMissing}
          />
        )}
      </Box>
    </Box>
  );
}

type BodyProps = {
  documentId: number;
  page: number;
  onPageCount: (count: number) => void;
  onMissing: () => void;
};

/** A PDF: a fresh signed URL, then pdf.js. */
function PdfBody({
  documentId,
  page,
  zoom,
  quote,
  onPageCount,
  onMissing,
}: BodyProps & { zoom: number; quote?: string }) {
  const token = useGetFileTokenQuery(documentId, { refetchOnMountOrArgChange: true });
  const [attempt, setAttempt] = useState(0);
  const [loadFailed, setLoadFailed] = useState(false);
  const missing = isNotFound(token.error);
  useReportMissing(missing, onMissing);

  const retry = () => {
    setLoadFailed(false);
    setAttempt((count) => count + 1);
    void token.refetch();
  };

  if (token.isFetching) return <ViewerLoading />;
  if (missing) return null;
  if (token.isError || !token.data)
    return <ViewerError message={TOKEN_FAILED_MESSAGE} onRetry={retry} />;
  if (loadFailed) return <ViewerError message={LOAD_FAILED_MESSAGE} onRetry={retry} />;
  return (
    <Suspense fallback={<ViewerLoading />}>
      <PdfPageView
        key={attempt}
        url={token.data}
        pageNumber={page}
        zoom={zoom}
        quote={quote}
        onLoaded={onPageCount}
        onError={() => setLoadFailed(true)}
      />
    </Suspense>
  );
}

/** Other formats: the page's extracted text, which the citation's offsets point into. */
function TextBody({
  documentId,
  page,
  highlight,
  onPageCount,
  onMissing,
}: BodyProps & { highlight?: ViewerHighlight }) {
  const query = useGetDocumentPageQuery({ documentId, pageNumber: page });
  const missing = isNotFound(query.error);
  useReportMissing(missing, onMissing);
  const pageCount = query.data?.pageCount;
  const reportPageCount = useEffectEvent(onPageCount);
  useEffect(() => {
    if (pageCount) reportPageCount(pageCount);
  }, [pageCount]);

  if (query.isFetching) return <ViewerLoading />;
  if (missing) return null;
  if (query.isError || !query.data) {
    return <ViewerError message={LOAD_FAILED_MESSAGE} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      <TextPageView text={query.data.text} highlight={highlight} />
      {query.data.truncated && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, pb: 2 }}>
          Only the first {PAGE_TEXT_SHOWN.toLocaleString('en-US')} characters of this long page are
          shown.
        </Typography>
      )}
    </>
  );
}

/** A 404: the document (or its page) no longer exists. */
function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

function useReportMissing(missing: boolean, onMissing: () => void) {
  const report = useEffectEvent(onMissing);
  useEffect(() => {
    if (missing) report();
  }, [missing]);
}

function ViewerLoading() {
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress size={28} aria-hidden />
      <Typography color="text.secondary">Loading document...</Typography>
    </Stack>
  );
}

function ViewerError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 6, px: 2, textAlign: 'center' }}>
      <Typography color="error">{message}</Typography>
      <Button variant="outlined" onClick={onRetry}>
        Try Again
      </Button>
    </Stack>
  );
}
