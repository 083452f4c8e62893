import {
  DEFAULT_REVIEW_VIEW,
  type ReviewCell,
  type ReviewColumn,
  type ReviewDetail,
  type ReviewRow,
  type ReviewRowFilter,
  type ReviewView,
} from '@clearroom/contracts';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../api/baseQuery';
import { PageLoading } from '../../../components/PageLoading';
import { useToast } from '../../../components/toast/useToast';
import { ProjectGate } from '../../projects/components/ProjectGate';
import { projectPermissions } from '../../projects/projectPermissions';
import { parseProjectId } from '../../projects/hooks/useRouteProjectId';
import { targetFromCitation, targetKey, type ViewerTarget } from '../../viewer/viewerTarget';
import { useGetReviewInfiniteQuery } from '../api/reviewsApi';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { progressLabel } from '../reviewFormat';
import { AddColumnDialog } from './AddColumnDialog';
import { CellDialog } from './CellDialog';
import { ReviewGrid } from './ReviewGrid';

/** While cells are being answered the grid refreshes this often. */
export const REVIEW_REFRESH_MS = 2000;

const DocumentViewer = lazy(async () => ({
  default: (await import('../../viewer/components/DocumentViewer')).DocumentViewer,
}));

/** Rows beyond those in view that are fetched ahead, so that scrolling seldom waits. */
const PREFETCH_ROWS = 20;

/** Typing in a text filter asks the server once the typing pauses this long. */
export const FILTER_TYPING_MS = 300;

const ROW_FILTERS: { value: ReviewRowFilter; label: string }[] = [
  { value: 'all', label: 'All rows' },
  { value: 'unverified', label: 'Rows with unverified cells' },
  { value: 'flagged', label: 'Rows with flagged cells' },
  { value: 'not_found', label: 'Rows with a cell not found' },
];

/** The pages fetched so far as one grid: the first page's review with every page's rows. */
function joined(pages: ReviewDetail[] | undefined): ReviewDetail | undefined {
  const [first] = pages ?? [];
  if (!first || !pages) return undefined;
  return pages.length === 1 ? first : { ...first, rows: pages.flatMap((page) => page.rows) };
}

function ReviewGridView({ reviewId, canEdit }: { reviewId: number; canEdit: boolean }) {
  const [running, setRunning] = useState(true);
  // The server sorts and filters every row; the text filters are sent once typing pauses.
  const [view, setView] = useState<ReviewView>(DEFAULT_REVIEW_VIEW);
  const document = useDebouncedValue(view.document, FILTER_TYPING_MS);
  const value = useDebouncedValue(view.value, FILTER_TYPING_MS);
  const {
    data,
    isLoading,
    isError,
    error,
    hasNextPage,
    isFetchingNextPage,
    isFetching,
    fetchNextPage,
  } = useGetReviewInfiniteQuery(
    { reviewId, view: { ...view, document, value } },
    { pollingInterval: running ? REVIEW_REFRESH_MS : 0 },
  );
  const review = useMemo(() => joined(data?.pages), [data]);
  // The first page is the first screen; the next ones are fetched as the grid scrolls near them
  // (the server sorts and filters: the rows fetched are always the view's first ones).
  const [rowsInView, setRowsInView] = useState(0);
  const fetched = review?.rows.length ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetching && rowsInView + PREFETCH_ROWS > fetched) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage, rowsInView, fetched]);
  const [addingColumn, setAddingColumn] = useState(false);
  const { toast } = useToast();
  const [opened, setOpened] = useState<{ row: ReviewRow; column: ReviewColumn } | null>(null);
  const [viewer, setViewer] = useState<ViewerTarget | null>(null);
  if (review && running !== (review.status === 'running')) setRunning(review.status === 'running');
  const loadingRows = review !== undefined && isFetchingNextPage;

  if (isLoading) return <PageLoading fullScreen={false} />;
  if (!review) {
    return <Alert severity="error">{errorMessage(error, 'Could not load the review')}</Alert>;
  }
  const { rows } = review;
  const openedCell =
    opened &&
    review.rows
      .find((row) => row.documentId === opened.row.documentId)
      ?.cells.find((cell) => cell.columnId === opened.column.id);
  const openCitation = (cell: ReviewCell) => {
    const citation = cell.citations[0];
    if (citation) setViewer(targetFromCitation(citation));
  };
  const sortBy = (sort: number | 'document') =>
    setView((current) => ({
      ...current,
      sort,
      direction: current.sort === sort && current.direction === 'asc' ? 'desc' : 'asc',
    }));
  const { done, total } = review.progress;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {review.name}
          </Typography>
          <Typography color="text.secondary" role="status" aria-live="polite">
            {review.status === 'running' ? 'Running: ' : 'Completed: '}
            {progressLabel(review.progress)}
          </Typography>
          {review.status === 'running' && (
            <LinearProgress
              variant="determinate"
              value={total ? (100 * done) / total : 0}
              sx={{ mt: 1, maxWidth: 360 }}
              aria-label="Cells answered"
            />
          )}
        </Box>
        <Stack direction="row" spacing={1}>
          {canEdit && (
            <Button variant="outlined" onClick={() => setAddingColumn(true)}>
              Add column
            </Button>
          )}
          <Button
            variant="contained"
            startIcon={<Download />}
            href={`/api/reviews/${review.id}/export?format=xlsx`}
          >
            Export Excel
          </Button>
          <Button variant="outlined" href={`/api/reviews/${review.id}/export?format=csv`}>
            Export CSV
          </Button>
        </Stack>
      </Stack>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
        <TextField
          size="small"
          label="Document name contains"
          value={view.document}
          onChange={(event) => setView({ ...view, document: event.target.value })}
        />
        <TextField
          size="small"
          select
          label="Column"
          value={view.column ?? ''}
          onChange={(event) =>
            setView({
              ...view,
              column: event.target.value === '' ? null : Number(event.target.value),
            })
          }
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">Any column</MenuItem>
          {review.columns.map((column) => (
            <MenuItem key={column.id} value={column.id}>
              {column.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Column value contains"
          value={view.value}
          disabled={view.column === null}
          onChange={(event) => setView({ ...view, value: event.target.value })}
        />
        <TextField
          size="small"
          select
          label="Rows"
          value={view.rows}
          onChange={(event) => setView({ ...view, rows: event.target.value as ReviewRowFilter })}
          sx={{ minWidth: 220 }}
        >
          {ROW_FILTERS.map((filter) => (
            <MenuItem key={filter.value} value={filter.value}>
              {filter.label}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          {review.matchingRows} of {review.totalRows} documents
          {loadingRows && ` (loading rows: ${review.rows.length} of ${review.matchingRows})`}
        </Typography>
      </Stack>

      <ReviewGrid
        review={review}
        rows={rows}
        rowCount={review.matchingRows}
        sort={view}
        onSort={sortBy}
        onRowsInView={setRowsInView}
        onOpenCell={(row, column) => setOpened({ row, column })}
        onOpenCitation={openCitation}
      />

      {addingColumn && canEdit && (
        <AddColumnDialog
          reviewId={review.id}
          onAdded={() => {
            setAddingColumn(false);
            setRunning(true);
          }}
          onClose={() => setAddingColumn(false)}
        />
      )}
      {opened && openedCell && (
        <CellDialog
          key={`${opened.row.documentId}:${opened.column.id}`}
          reviewId={review.id}
          row={opened.row}
          column={opened.column}
          cell={openedCell}
          readOnly={!canEdit}
          onOpenCitation={() => {
            openCitation(openedCell);
            setOpened(null);
          }}
          onClose={() => setOpened(null)}
        />
      )}
      <Drawer
        anchor="right"
        open={viewer !== null}
        onClose={() => setViewer(null)}
        slotProps={{ paper: { sx: { width: { xs: '100%', md: '50vw' } } } }}
      >
        {viewer && (
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
                toast({
                  title: 'Error',
                  description: 'This document is no longer in the project',
                  variant: 'destructive',
                });
              }}
            />
          </Suspense>
        )}
      </Drawer>
      {isError && (
        <Alert severity="warning">{errorMessage(error, 'Could not refresh the review')}</Alert>
      )}
    </Stack>
  );
}

export function ReviewGridPage() {
  const { reviewId } = useParams();
  const id = parseProjectId(reviewId);
  // The first page is asked for at once, beside the project list the gate waits for.
  useGetReviewInfiniteQuery(
    { reviewId: id ?? 0, view: DEFAULT_REVIEW_VIEW },
    { skip: id === null },
  );
  return (
    <ProjectGate>
      {(project) =>
        id === null ? (
          <Alert severity="error">Review not found</Alert>
        ) : (
          <ReviewGridView
            key={id}
            reviewId={id}
            canEdit={projectPermissions(project.role).canEdit}
          />
        )
      }
    </ProjectGate>
  );
}
