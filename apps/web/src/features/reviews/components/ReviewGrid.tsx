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
import type { Theme } from '@mui/material/styles';
import { memo, useEffect } from 'react';
import { useGridWindow } from '../../clause-review/hooks/useGridWindow';
import { confidenceLabel, verifiedCount } from '../reviewFormat';

export const ROW_HEIGHT = 76;
const HEADER_HEIGHT = 48;
/** Rows drawn above and below the visible ones, so a quick scroll shows no gap. */
const OVERSCAN = 6;

type ReviewGridProps = {
  review: ReviewDetail;
  /** The rows fetched so far, in the view's order. */
  rows: ReviewRow[];
  /** How many rows the view has (those not fetched yet keep their place). */
  rowCount: number;
  /** Told how far the grid shows (the index after the last row drawn), to fetch what is missing. */
  onRowsInView: (end: number) => void;
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
  rowCount,
  sort,
  onSort,
  onRowsInView,
  onOpenCell,
  onOpenCitation,
}: ReviewGridProps) {
  const { scrollerRef, onScroll, visible } = useGridWindow({
    rowCount,
    rowHeight: ROW_HEIGHT,
    // Every column is drawn: only rows are windowed.
    columnCount: 1,
    columnWidth: 1,
    overscan: OVERSCAN,
  });
  const first = visible.rows.start;
  const last = Math.max(first, Math.min(rows.length, visible.rows.end));
  useEffect(() => onRowsInView(visible.rows.end), [visible.rows.end, onRowsInView]);
  // Fixed widths: with `1fr` tracks in a max-content grid, every column grew as wide as the
  // longest value of any column (a quoted clause), and one column filled the screen.
  const template = `260px repeat(${review.columns.length}, 240px) 96px`;

  const headerCell = (label: string, columnId: number | 'document') => {
    const sorted = sort.sort === columnId;
    return (
      <div
        key={columnId}
        role="columnheader"
        aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
        className={columnId === 'document' ? 'review-header pinned' : 'review-header'}
      >
        <button type="button" onClick={() => onSort(columnId)} title={`Sort by ${label}`}>
          <span>{label}</span>
          {sorted &&
            (sort.direction === 'asc' ? (
              <ArrowUpward fontSize="inherit" aria-label="sorted ascending" />
            ) : (
              <ArrowDownward fontSize="inherit" aria-label="sorted descending" />
            ))}
        </button>
      </div>
    );
  };

  return (
    <Box
      ref={scrollerRef}
      onScroll={onScroll}
      role="grid"
      aria-label={review.name}
      aria-rowcount={rowCount + 1}
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
      <div className="review-table" style={{ gridTemplateColumns: template }}>
        <div role="row" className="review-row">
          {headerCell('Document', 'document')}
          {review.columns.map((column) => headerCell(column.label, column.id))}
          <div role="columnheader" className="review-header">
            <span className="review-header-label">Verified</span>
          </div>
        </div>
        <div className="review-spacer" style={{ height: first * ROW_HEIGHT }} />
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
        {/* Rows not fetched yet keep their place: the scrollbar is the whole grid's. */}
        <div className="review-spacer" style={{ height: (rowCount - last) * ROW_HEIGHT }} />
      </div>
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
    '& .review-table': { display: 'grid', minWidth: 'max-content' },
    '& .review-row': { display: 'contents' },
    '& .review-spacer': { gridColumn: '1 / -1' },
    '& .review-header': {
      position: 'sticky',
      top: 0,
      zIndex: 2,
      height: HEADER_HEIGHT,
      boxSizing: 'border-box',
      backgroundColor: palette.background.paper,
      borderBottom: border,
      borderRight: border,
      display: 'flex',
      alignItems: 'center',
      '& > button': {
        ...typography.subtitle2,
        width: '100%',
        height: '100%',
        padding: '0 8px',
        border: 0,
        background: 'none',
        color: palette.text.primary,
        display: 'flex',
        alignItems: 'center',
        gap: '4px',
        cursor: 'pointer',
        '&:hover': { backgroundColor: palette.action.hover },
        '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: '-2px' },
      },
      '& > button > span': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    },
    '& .review-header.pinned': { left: 0, zIndex: 3 },
    '& .review-header-label': { ...typography.subtitle2, padding: '0 8px' },
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
