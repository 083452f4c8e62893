import type { ClauseMatrixCell, ClauseMatrixDocument, Project } from '@clearroom/contracts';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/baseQuery';
import { useAppDispatch } from '../../../app/hooks';
import { useToast } from '../../../components/toast/useToast';
import { SplitPanel } from '../../chat/components/SplitPanel';
import { FILE_NOT_FOUND_TOAST } from '../../viewer/viewerMessages';
import { targetFromClause, targetKey, type ViewerTarget } from '../../viewer/viewerTarget';
import {
  clausesApi,
  clausesExportUrl,
  readClause,
  reviewMatrixArgs,
  useGetClauseMatrixQuery,
} from '../api/clausesApi';
import { applyFilters, columnGroups, reviewRows } from '../clauseMatrix';
import { useReviewFilters } from '../hooks/useReviewFilters';
import { ClauseFilters } from './ClauseFilters';
import { ClauseMatrix } from './ClauseMatrix';

/** The viewer (and, through it, pdf.js) is downloaded only when a clause is first opened. */
const DocumentViewer = lazy(async () => ({
  default: (await import('../../viewer/components/DocumentViewer')).DocumentViewer,
}));

/** How often the review is refreshed while documents are re-classified with a new model. */
export const RECLASSIFYING_POLL_MS = 5000;

/**
 * The Clause Review of a project: every analysed document against the clause categories a deal
 * lawyer looks for, with filters, exports, and the document viewer beside it.
 */
export function ClauseReview({ project }: { project: Project }) {
  const projectId = project.id;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { toast } = useToast();

  const review = useReviewFilters();
  const args = reviewMatrixArgs(projectId, review.showAll);
  const { data: last } = clausesApi.endpoints.getClauseMatrix.useQueryState(args);
  const query = useGetClauseMatrixQuery(args, {
    pollingInterval: last?.reclassifying ? RECLASSIFYING_POLL_MS : 0,
  });
  const response = query.data;
  // Right after "Show all" the matrix at hand holds the review's own columns only: they stay
  // shown until every category's cells arrive.
  const showAll = review.showAll && query.currentData !== undefined;

  const [viewer, setViewer] = useState<ViewerTarget | null>(null);
  const dispatch = useAppDispatch();
  // The matrix holds a clause's first words; the viewer highlights its whole text, read first
  // (usually already read for the cell's tooltip).
  const openClause = useCallback(
    (document: ClauseMatrixDocument, cell: ClauseMatrixCell) => {
      readClause(dispatch, projectId, document.documentId, cell).then(
        (clause) =>
          clause ? setViewer(targetFromClause(document, clause)) : toast(FILE_NOT_FOUND_TOAST),
        () => toast(FILE_NOT_FOUND_TOAST),
      );
    },
    [dispatch, projectId, toast],
  );

  const rows = useMemo(() => (response ? reviewRows(response) : []), [response]);
  const allGroups = useMemo(
    () => columnGroups(response?.categories ?? [], showAll),
    [response, showAll],
  );
  // A category that is not a column (e.g. from "Other" once "Show all" is off) filters nothing.
  const category =
    review.filters.category !== null &&
    allGroups.some((group) => group.categories.includes(review.filters.category ?? ''))
      ? review.filters.category
      : null;
  const { redFlagsOnly, documentId } = review.filters;
  // The document arrived at (e.g. from the Documents page) stays marked, and scrolled to, once
  // its filter is cleared (state adjusted during render, not in an effect).
  const [markedId, setMarkedId] = useState(documentId);
  if (documentId !== null && documentId !== markedId) setMarkedId(documentId);
  const shown = useMemo(
    () => applyFilters(allGroups, rows, { redFlagsOnly, documentId, category }),
    [allGroups, rows, redFlagsOnly, documentId, category],
  );

  let body: ReactNode;
  if (query.isLoading) {
    body = (
      <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 8 }}>
        <CircularProgress size={32} aria-hidden />
        <Typography color="text.secondary">Loading clauses...</Typography>
      </Stack>
    );
  } else if (!response) {
    body = (
      <Box role="alert" sx={{ py: 8, textAlign: 'center' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Could not load the clause review
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {errorMessage(query.error, 'An error occurred. Please try again.')}
        </Typography>
        <Button variant="outlined" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Box>
    );
  } else if (response.documents.length === 0) {
    body = (
      <Box sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
        <GavelOutlined sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography variant="h6" component="h2" color="text.primary" gutterBottom>
          No analysed documents yet
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Every clause of every document is marked here once its analysis is complete.
        </Typography>
        <Button component={Link} to={`/project/${projectId}/documents`} variant="outlined">
          Upload documents
        </Button>
      </Box>
    );
  } else {
    const matrix =
      shown.rows.length > 0 && shown.groups.length > 0 ? (
        <ClauseMatrix
          projectId={projectId}
          groups={shown.groups}
          rows={shown.rows}
          allRows={rows}
          markedDocumentId={markedId}
          onOpen={openClause}
        />
      ) : (
        <Box sx={{ py: 8, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            No documents match these filters.
          </Typography>
          <Button variant="outlined" onClick={review.clear}>
            Clear filters
          </Button>
        </Box>
      );
    const viewerPanel = viewer && (
      <Suspense
        fallback={
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress size={28} aria-label="Opening the document viewer" />
          </Box>
        }
      >
        <DocumentViewer
          key={targetKey(viewer)}
          target={viewer}
          onClose={() => setViewer(null)}
          onMissing={() => {
            setViewer(null);
            toast(FILE_NOT_FOUND_TOAST);
          }}
        />
      </Suspense>
    );
    body = (
      <>
        {review.showAll && !showAll && (
          <Alert
            severity={query.isError ? 'error' : 'info'}
            sx={{ mb: 2 }}
            action={
              query.isError && (
                <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                  Try Again
                </Button>
              )
            }
          >
            {query.isError ? 'Could not load every category.' : 'Loading every category...'}
          </Alert>
        )}
        {response.reclassifying && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Re-classifying with the new clause model: {response.reclassifying.done} of{' '}
            {response.reclassifying.total} documents
          </Alert>
        )}
        <Stack
          direction="row"
          useFlexGap
          spacing={2}
          sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
        >
          <ClauseFilters
            documents={response.documents}
            groups={allGroups}
            filters={{ ...review.filters, category }}
            showAll={review.showAll}
            categoryTotal={response.categories.length}
            onRedFlagsOnly={review.setRedFlagsOnly}
            onDocument={review.setDocumentId}
            onCategory={review.setCategory}
            onShowAll={review.setShowAll}
          />
          <Stack direction="row" spacing={1}>
            <Button
              component="a"
              href={clausesExportUrl(projectId, 'xlsx')}
              download
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
            >
              Export Excel
            </Button>
            <Button
              component="a"
              href={clausesExportUrl(projectId, 'csv')}
              download
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
            >
              Export CSV
            </Button>
          </Stack>
        </Stack>
        <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
          <SplitPanel left={matrix} right={viewerPanel} stacked={!wide} />
        </Paper>
      </>
    );
  }

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: { xs: 'calc(100dvh - 112px)', md: 'calc(100dvh - 64px)' },
        minHeight: 520,
      }}
    >
      <Box sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1">
          Clause Review
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {project.name}
          {response && ` · clause model ${response.modelVersion}`}
        </Typography>
      </Box>
      {body}
    </Box>
  );
}
