import {
  cellText,
  type ReviewCell,
  type ReviewColumn,
  type ReviewDetail,
  type ReviewRow,
  type ReviewView,
} from '@clearroom/contracts';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Edit from '@mui/icons-material/Edit';
import Flag from '@mui/icons-material/Flag';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { confidenceLabel, verifiedCount } from '../reviewFormat';

export const ROW_HEIGHT = 76;
const HEADER_HEIGHT = 48;
/** Rows drawn above and below the visible ones, so a quick scroll shows no gap. */
const OVERSCAN = 6;
/**
 * Rows in view before the container has been measured (and in tests, which do not lay out): as
 * many as the window could show, no more; the first screen draws only these.
 */
const unmeasuredRows = () => Math.ceil(window.innerHeight / ROW_HEIGHT);

type ReviewGridProps = {
  review: ReviewDetail;
  rows: ReviewRow[];
  sort: Pick<ReviewView, 'sort' | 'direction'>;
  onSort: (columnId: number | 'document') => void;
  onOpenCell: (row: ReviewRow, column: ReviewColumn, cell: ReviewCell) => void;
  onOpenCitation: (cell: ReviewCell) => void;
};

/**
 * The grid: the document column and the header stay in place while the rest scrolls; only the
 * rows in view (and a few around them) are drawn, so 449 rows × 15 columns stay smooth.
 */
export function ReviewGrid({
  review,
  rows,
  sort,
  onSort,
  onOpenCell,
  onOpenCitation,
}: ReviewGridProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(0);
  const visibleCount = height > 0 ? Math.ceil(height / ROW_HEIGHT) : unmeasuredRows();
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, first + visibleCount + 2 * OVERSCAN);
  // Fixed widths: with `1fr` tracks in a max-content grid, every column grew as wide as the
  // longest value of any column (a quoted clause), and one column filled the screen.
  const template = `260px repeat(${review.columns.length}, 240px) 96px`;

  const sortIcon = (columnId: number | 'document') =>
    sort.sort !== columnId ? null : sort.direction === 'asc' ? (
      <ArrowUpward fontSize="inherit" aria-label="sorted ascending" />
    ) : (
      <ArrowDownward fontSize="inherit" aria-label="sorted descending" />
    );
  const headerCell = (
    key: string,
    label: string,
    columnId: number | 'document',
    pinned = false,
  ) => (
    <Box
      key={key}
      role="columnheader"
      aria-sort={
        sort.sort === columnId ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
      }
      sx={{
        position: 'sticky',
        top: 0,
        left: pinned ? 0 : undefined,
        zIndex: pinned ? 3 : 2,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderRight: 1,
        borderColor: 'divider',
        height: HEADER_HEIGHT,
      }}
    >
      <ButtonBase
        onClick={() => onSort(columnId)}
        sx={{ width: '100%', height: '100%', justifyContent: 'flex-start', px: 1, gap: 0.5 }}
        title={`Sort by ${label}`}
      >
        <Typography variant="subtitle2" noWrap>
          {label}
        </Typography>
        {sortIcon(columnId)}
      </ButtonBase>
    </Box>
  );

  return (
    <Box
      ref={(element: HTMLDivElement | null) => {
        if (element && element.clientHeight !== height) setHeight(element.clientHeight);
      }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      role="grid"
      aria-label={review.name}
      aria-rowcount={rows.length + 1}
      sx={(theme) => ({
        height: { xs: '60vh', md: 'calc(100dvh - 330px)' },
        minHeight: 320,
        overflow: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        ...reviewGridStyles(theme),
      })}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: template,
          minWidth: 'max-content',
        }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          {headerCell('document', 'Document', 'document', true)}
          {review.columns.map((column) => headerCell(String(column.id), column.label, column.id))}
          <Box
            role="columnheader"
            sx={{
              position: 'sticky',
              top: 0,
              zIndex: 2,
              bgcolor: 'background.paper',
              borderBottom: 1,
              borderColor: 'divider',
              px: 1,
              display: 'flex',
              alignItems: 'center',
            }}
          >
            <Typography variant="subtitle2">Verified</Typography>
          </Box>
        </Box>
        <Box sx={{ gridColumn: '1 / -1', height: first * ROW_HEIGHT }} />
        {rows.slice(first, last).map((row, index) => (
          <GridRow
            key={row.documentId}
            columns={review.columns}
            row={row}
            rowIndex={first + index + 2}
            onOpenCell={onOpenCell}
            onOpenCitation={onOpenCitation}
          />
        ))}
        <Box sx={{ gridColumn: '1 / -1', height: (rows.length - last) * ROW_HEIGHT }} />
      </Box>
    </Box>
  );
}

type GridRowProps = Pick<ReviewGridProps, 'onOpenCell' | 'onOpenCitation'> & {
  columns: ReviewColumn[];
  row: ReviewRow;
  rowIndex: number;
};

/**
 * A document's row. Plain elements styled once on the grid (`reviewGridStyles`): a screen of rows
 * is hundreds of cells, and MUI components with their own styles made the first screen slow.
 */
const GridRow = memo(function GridRow({
  columns,
  row,
  rowIndex,
  onOpenCell,
  onOpenCitation,
}: GridRowProps) {
  const byColumn = new Map(row.cells.map((cell) => [cell.columnId, cell]));
  return (
    <div role="row" aria-rowindex={rowIndex} className="review-row">
      <div role="rowheader" className="review-cell review-document">
        <span title={row.originalname}>{row.originalname}</span>
      </div>
      {columns.map((column) => {
        const cell = byColumn.get(column.id);
        return (
          <div key={column.id} role="gridcell" className="review-cell">
            {cell && (
              <GridCell
                cell={cell}
                label={`${column.label} of ${row.originalname}`}
                onOpen={() => onOpenCell(row, column, cell)}
                onOpenCitation={() => onOpenCitation(cell)}
              />
            )}
          </div>
        );
      })}
      <div role="gridcell" className="review-cell review-verified">
        {verifiedCount(row)} of {row.cells.length}
      </div>
    </div>
  );
});

type GridCellProps = {
  cell: ReviewCell;
  label: string;
  onOpen: () => void;
  onOpenCitation: () => void;
};

function GridCell({ cell, label, onOpen, onOpenCitation }: GridCellProps) {
  const confidence = confidenceLabel(cell.confidence);
  const citation = cell.citations[0];
  const text = cellText(cell);
  return (
    <>
      <button
        type="button"
        onClick={onOpen}
        aria-label={`${label}: ${text}`}
        className={cell.status === 'answered' ? 'review-value' : 'review-value muted'}
      >
        <span>{text}</span>
      </button>
      <span className="review-marks">
        {confidence && (
          <span
            title={`Confidence: ${confidence}`}
            aria-label={`Confidence: ${confidence}`}
            className={`review-confidence ${confidence}`}
          />
        )}
        {citation && (
          <button type="button" className="review-page" onClick={onOpenCitation}>
            Page {citation.pageNumber}
          </button>
        )}
        {cell.verified && (
          <CheckCircle color="success" sx={{ fontSize: 14 }} aria-label="Verified" />
        )}
        {cell.edited && <Edit color="action" sx={{ fontSize: 14 }} aria-label="Corrected" />}
        {cell.flagged && <Flag color="error" sx={{ fontSize: 14 }} aria-label="Flagged" />}
      </span>
    </>
  );
}

/** The rows' styles, set once on the grid (lengths as strings: in `sx`, numbers are spacing). */
function reviewGridStyles(theme: Theme) {
  const { palette, typography } = theme;
  const border = `1px solid ${palette.divider}`;
  return {
    '& .review-row': { display: 'contents' },
    '& .review-cell': {
      height: ROW_HEIGHT,
      boxSizing: 'border-box',
      borderBottom: border,
      borderRight: border,
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      padding: '4px 8px',
      minWidth: 0,
    },
    '& .review-document': {
      ...typography.body2,
      position: 'sticky',
      left: 0,
      zIndex: 1,
      backgroundColor: palette.background.paper,
      justifyContent: 'center',
      overflowWrap: 'anywhere',
    },
    '& .review-verified': { ...typography.body2, borderRight: 0, justifyContent: 'center' },
    '& .review-value': {
      ...typography.body2,
      flex: 1,
      minHeight: 0,
      padding: 0,
      border: 0,
      background: 'none',
      color: palette.text.primary,
      textAlign: 'left',
      cursor: 'pointer',
      display: 'flex',
      alignItems: 'flex-start',
      '& > span': {
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: '1px' },
    },
    '& .review-value.muted': { color: palette.text.secondary, fontStyle: 'italic' },
    '& .review-marks': { display: 'flex', alignItems: 'center', gap: '6px', fontSize: '12px' },
    '& .review-confidence': { width: '8px', height: '8px', borderRadius: '50%' },
    '& .review-confidence.High': { backgroundColor: palette.success.main },
    '& .review-confidence.Medium': { backgroundColor: palette.warning.main },
    '& .review-confidence.Low': { backgroundColor: palette.error.main },
    '& .review-page': {
      ...typography.caption,
      padding: 0,
      border: 0,
      background: 'none',
      color: palette.primary.main,
      textDecoration: 'underline',
      cursor: 'pointer',
    },
  } as const;
}
