import type { ReviewCell, ReviewColumn, ReviewDetail, ReviewRow } from '@clearroom/contracts';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Edit from '@mui/icons-material/Edit';
import Flag from '@mui/icons-material/Flag';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { cellText, confidenceLabel, type GridView, verifiedCount } from '../reviewFormat';

export const ROW_HEIGHT = 76;
const HEADER_HEIGHT = 48;
/** Rows drawn above and below the visible ones, so a quick scroll shows no gap. */
const OVERSCAN = 6;
/** Rows drawn before the container has been measured (and in tests, which do not lay out). */
const UNMEASURED_ROWS = 30;

const CONFIDENCE_COLOUR = { High: 'success.main', Medium: 'warning.main', Low: 'error.main' };

type ReviewGridProps = {
  review: ReviewDetail;
  rows: ReviewRow[];
  sort: GridView['sort'];
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
  const visibleCount = height > 0 ? Math.ceil(height / ROW_HEIGHT) : UNMEASURED_ROWS;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, first + visibleCount + 2 * OVERSCAN);
  // Fixed widths: with `1fr` tracks in a max-content grid, every column grew as wide as the
  // longest value of any column (a quoted clause), and one column filled the screen.
  const template = `260px repeat(${review.columns.length}, 240px) 96px`;

  const sortIcon = (columnId: number | 'document') =>
    sort.columnId !== columnId ? null : sort.direction === 'asc' ? (
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
        sort.columnId === columnId
          ? sort.direction === 'asc'
            ? 'ascending'
            : 'descending'
          : 'none'
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
      sx={{
        height: { xs: '60vh', md: 'calc(100dvh - 330px)' },
        minHeight: 320,
        overflow: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
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
            review={review}
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

type GridRowProps = Pick<ReviewGridProps, 'review' | 'onOpenCell' | 'onOpenCitation'> & {
  row: ReviewRow;
  rowIndex: number;
};

function GridRow({ review, row, rowIndex, onOpenCell, onOpenCitation }: GridRowProps) {
  const byColumn = new Map(row.cells.map((cell) => [cell.columnId, cell]));
  const cellSx = { height: ROW_HEIGHT, borderBottom: 1, borderRight: 1, borderColor: 'divider' };
  return (
    <Box role="row" aria-rowindex={rowIndex} sx={{ display: 'contents' }}>
      <Box
        role="rowheader"
        sx={{
          ...cellSx,
          position: 'sticky',
          left: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          px: 1,
          display: 'flex',
          alignItems: 'center',
        }}
      >
        <Typography variant="body2" title={row.originalname} sx={{ overflowWrap: 'anywhere' }}>
          {row.originalname}
        </Typography>
      </Box>
      {review.columns.map((column) => {
        const cell = byColumn.get(column.id);
        return (
          <Box key={column.id} role="gridcell" sx={{ ...cellSx, position: 'relative' }}>
            {cell && (
              <GridCell
                cell={cell}
                label={`${column.label} of ${row.originalname}`}
                onOpen={() => onOpenCell(row, column, cell)}
                onOpenCitation={() => onOpenCitation(cell)}
              />
            )}
          </Box>
        );
      })}
      <Box
        role="gridcell"
        sx={{ ...cellSx, borderRight: 0, px: 1, display: 'flex', alignItems: 'center' }}
      >
        <Typography variant="body2">
          {verifiedCount(row)} of {row.cells.length}
        </Typography>
      </Box>
    </Box>
  );
}

type GridCellProps = {
  cell: ReviewCell;
  label: string;
  onOpen: () => void;
  onOpenCitation: () => void;
};

function GridCell({ cell, label, onOpen, onOpenCitation }: GridCellProps) {
  const confidence = confidenceLabel(cell.confidence);
  const citation = cell.citations[0];
  const muted = cell.status !== 'answered';
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', px: 1, py: 0.5 }}>
      <ButtonBase
        onClick={onOpen}
        aria-label={`${label}: ${cellText(cell)}`}
        sx={{
          flex: 1,
          minHeight: 0,
          justifyContent: 'flex-start',
          alignItems: 'flex-start',
          textAlign: 'left',
        }}
      >
        <Typography
          variant="body2"
          color={muted ? 'text.secondary' : 'text.primary'}
          sx={{
            fontStyle: muted ? 'italic' : 'normal',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {cellText(cell)}
        </Typography>
      </ButtonBase>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 12 }}>
        {confidence && (
          <Box
            component="span"
            title={`Confidence: ${confidence}`}
            aria-label={`Confidence: ${confidence}`}
            sx={{
              width: 8,
              height: 8,
              borderRadius: '50%',
              bgcolor: CONFIDENCE_COLOUR[confidence],
            }}
          />
        )}
        {citation && (
          <Link component="button" type="button" variant="caption" onClick={onOpenCitation}>
            Page {citation.pageNumber}
          </Link>
        )}
        {cell.verified && (
          <CheckCircle color="success" sx={{ fontSize: 14 }} aria-label="Verified" />
        )}
        {cell.edited && <Edit color="action" sx={{ fontSize: 14 }} aria-label="Corrected" />}
        {cell.flagged && <Flag color="error" sx={{ fontSize: 14 }} aria-label="Flagged" />}
      </Box>
    </Box>
  );
}
