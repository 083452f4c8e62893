import type { ClauseMatrixCell, ClauseMatrixDocument } from '@clearroom/contracts';
import Box from '@mui/material/Box';
import Popper from '@mui/material/Popper';
import { alpha, type Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  memo,
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  cellOf,
  categoryCount,
  countLabel,
  isRedFlag,
  type CategoryCount,
  type ColumnGroup,
  type ReviewRow,
} from '../clauseMatrix';
import { useGridWindow } from '../hooks/useGridWindow';
import { CELL_WIDTH, ClauseCell, clauseCellStyles, ClauseTooltip, Glyph } from './ClauseCell';

const NAME_WIDTH = 280;
const ROW_HEIGHT = 60;
const GROUP_ROW_HEIGHT = 32;
const HEADER_ROW_HEIGHT = 64;
/** The grid's own header rows come before the documents' (aria-rowindex is 1-based). */
const HEADER_ROWS = 2;

type ClauseMatrixProps = {
  projectId: number;
  groups: readonly ColumnGroup[];
  rows: readonly ReviewRow[];
  /** Every document, whatever the filters: what the per-category counts are taken over. */
  allRows: readonly ReviewRow[];
  /** The document arrived at from a link: marked, and scrolled to while it is in the rows. */
  markedDocumentId: number | null;
  onOpen: (document: ClauseMatrixDocument, clause: ClauseMatrixCell) => void;
};

/**
 * The Clause Review's grid: documents as rows (names pinned on the left), categories as columns
 * under their group headers (pinned on top). Only the rows and columns in view are rendered.
 */
export function ClauseMatrix({
  projectId,
  groups,
  rows,
  allRows,
  markedDocumentId,
  onOpen,
}: ClauseMatrixProps) {
  const categories = useMemo(() => groups.flatMap((group) => group.categories), [groups]);
  const { scrollerRef, onScroll, visible, scrollToRow } = useGridWindow({
    rowCount: rows.length,
    rowHeight: ROW_HEIGHT,
    columnCount: categories.length,
    columnWidth: CELL_WIDTH,
  });
  const width = NAME_WIDTH + categories.length * CELL_WIDTH;
  const counts = useMemo(
    () => new Map(categories.map((category) => [category, categoryCount(allRows, category)])),
    [allRows, categories],
  );

  const tip = useCellTip(rows);

  const scrollToMarked = useEffectEvent(() => {
    const index = rows.findIndex((row) => row.document.documentId === markedDocumentId);
    if (index !== -1) scrollToRow(index);
  });
  useEffect(() => {
    scrollToMarked();
  }, [markedDocumentId, rows.length]);

  const { start: firstRow, end: endRow } = visible.rows;
  const { start: firstColumn, end: endColumn } = visible.columns;

  return (
    <Box
      ref={scrollerRef}
      onScroll={(event) => {
        onScroll(event);
        tip.hide();
      }}
      onMouseOver={(event) => tip.show(event.target)}
      onMouseOut={(event) => tip.leave(event.target, event.relatedTarget)}
      onFocus={(event) => tip.show(event.target, 'focus')}
      onBlur={tip.hide}
      role="grid"
      aria-label="Clause review"
      aria-rowcount={rows.length + HEADER_ROWS}
      aria-colcount={categories.length + 1}
      sx={(theme) => ({
        height: '100%',
        overflow: 'auto',
        position: 'relative',
        ...clauseCellStyles(theme),
        ...matrixStyles(theme),
      })}
    >
      <Box sx={{ width, minWidth: '100%' }}>
        <Box
          role="rowgroup"
          sx={{
            position: 'sticky',
            top: 0,
            zIndex: 2,
            bgcolor: 'background.paper',
            borderBottom: 2,
            borderColor: 'divider',
          }}
        >
          <Box role="row" aria-rowindex={1} sx={{ display: 'flex', height: GROUP_ROW_HEIGHT }}>
            <Box role="columnheader" aria-colindex={1} sx={pinnedCell} />
            {groups.map((group, index) => (
              <Box
                key={group.label}
                role="columnheader"
                aria-colindex={
                  2 + groups.slice(0, index).reduce((sum, g) => sum + g.categories.length, 0)
                }
                aria-colspan={group.categories.length}
                sx={{
                  width: group.categories.length * CELL_WIDTH,
                  flexShrink: 0,
                  borderRight: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                  bgcolor: 'grey.50',
                }}
              >
                {/* Kept in view while its columns scroll under the pinned name column. */}
                <Typography
                  variant="overline"
                  sx={{
                    position: 'sticky',
                    left: NAME_WIDTH,
                    px: 1,
                    lineHeight: `${GROUP_ROW_HEIGHT}px`,
                  }}
                >
                  {group.label}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box role="row" aria-rowindex={2} sx={{ display: 'flex', height: HEADER_ROW_HEIGHT }}>
            <Box
              role="columnheader"
              aria-colindex={1}
              sx={{ ...pinnedCell, px: 1.5, display: 'flex', alignItems: 'flex-end', pb: 1 }}
            >
              <Typography variant="subtitle2">Document</Typography>
            </Box>
            {categories.map((category, index) => (
              <CategoryHeader
                key={category}
                category={category}
                colIndex={index + 2}
                count={counts.get(category) ?? { found: 0, total: 0 }}
              />
            ))}
          </Box>
        </Box>

        <Box role="rowgroup">
          <Box aria-hidden sx={{ height: firstRow * ROW_HEIGHT }} />
          {rows.slice(firstRow, endRow).map((row, offset) => (
            <MatrixRow
              key={row.document.documentId}
              row={row}
              rowIndex={firstRow + offset + HEADER_ROWS + 1}
              categories={categories}
              firstColumn={firstColumn}
              endColumn={endColumn}
              marked={row.document.documentId === markedDocumentId}
              onOpen={onOpen}
            />
          ))}
          <Box aria-hidden sx={{ height: (rows.length - endRow) * ROW_HEIGHT }} />
        </Box>
      </Box>
      {tip.shown && (
        <Popper
          open
          anchorEl={tip.shown.anchor}
          placement="bottom-start"
          // Popper's root is the role="tooltip" element.
          id={tip.id}
          sx={{ zIndex: 'tooltip' }}
        >
          <Box
            sx={(theme) => ({
              ...theme.typography.caption,
              bgcolor: alpha(theme.palette.grey[700], 0.92),
              color: 'common.white',
              borderRadius: 1,
              px: 1,
              py: 0.5,
              mt: 0.5,
              maxWidth: 480,
            })}
          >
            <ClauseTooltip
              category={tip.shown.category}
              clause={tip.shown.clause}
              found={tip.shown.found}
              projectId={projectId}
              documentId={tip.shown.documentId}
            />
          </Box>
        </Popper>
      )}
    </Box>
  );
}

type MatrixRowProps = {
  row: ReviewRow;
  /** 1-based, counting the header rows. */
  rowIndex: number;
  categories: readonly string[];
  firstColumn: number;
  endColumn: number;
  marked: boolean;
  onOpen: (document: ClauseMatrixDocument, clause: ClauseMatrixCell) => void;
};

/** A document's row; rows that stay in view are not rendered again as the grid scrolls. */
const MatrixRow = memo(function MatrixRow({
  row,
  rowIndex,
  categories,
  firstColumn,
  endColumn,
  marked,
  onOpen,
}: MatrixRowProps) {
  const { document } = row;
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      aria-label={document.originalname}
      aria-selected={marked || undefined}
      className={marked ? 'matrix-row marked' : 'matrix-row'}
    >
      <div role="rowheader" aria-colindex={1} className="matrix-row-name">
        <span className="matrix-row-name-text" title={document.originalname}>
          {document.originalname}
        </span>
      </div>
      {document.note !== null ? (
        <div
          role="gridcell"
          aria-colindex={2}
          aria-colspan={categories.length}
          className="matrix-row-note"
          style={{ width: categories.length * CELL_WIDTH }}
        >
          <span className="matrix-row-note-text">{document.note}</span>
        </div>
      ) : (
        <>
          <div aria-hidden className="matrix-spacer" style={{ width: firstColumn * CELL_WIDTH }} />
          {categories.slice(firstColumn, endColumn).map((category, column) => (
            <ClauseCell
              key={category}
              category={category}
              cell={cellOf(row, category)}
              colIndex={firstColumn + column + 2}
              document={document}
              onOpen={onOpen}
            />
          ))}
        </>
      )}
    </div>
  );
});

/** The name column stays in view while the categories scroll sideways. */
const pinnedCell = {
  width: NAME_WIDTH,
  flexShrink: 0,
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: 2,
  borderColor: 'divider',
} as const;

function CategoryHeader({
  category,
  colIndex,
  count,
}: {
  category: string;
  colIndex: number;
  count: CategoryCount;
}) {
  const redFlag = isRedFlag(category);
  const label = countLabel(category, count);
  return (
    <Tooltip title={redFlag ? `${label} (red flag)` : label} describeChild>
      <div
        role="columnheader"
        aria-colindex={colIndex}
        aria-label={category}
        className="matrix-header"
      >
        <span className="matrix-header-title">
          <span className="matrix-header-name">{category}</span>
          {redFlag && (
            <span className="matrix-header-flag">
              <Glyph path={FLAG_PATH} />
            </span>
          )}
        </span>
        <span className="matrix-header-count">
          {count.found} / {count.total}
        </span>
      </div>
    </Tooltip>
  );
}

/** Material icons' FlagOutlined, drawn without SvgIcon. */
const FLAG_PATH = 'm12.36 6 .4 2H18v6h-3.36l-.4-2H7V6zM14 4H5v17h2v-7h5.6l.4 2h7V6h-5.6z';

/**
 * The rows' and the category headers' styles, set once on the grid like the cells': a styled
 * component per part made the first screen render hundreds of them.
 */
function matrixStyles(theme: Theme) {
  const { palette, typography } = theme;
  return {
    '& .matrix-row': {
      display: 'flex',
      height: ROW_HEIGHT,
      borderBottom: `1px solid ${palette.divider}`,
    },
    '& .matrix-row.marked': { backgroundColor: palette.action.selected },
    '& .matrix-row-name': {
      ...pinnedCellStyles(theme),
      padding: '0 12px',
      display: 'flex',
      alignItems: 'center',
    },
    '& .matrix-row.marked .matrix-row-name': { backgroundColor: palette.grey[200] },
    '& .matrix-row-name-text': {
      ...typography.body2,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    '& .matrix-row-note': { display: 'flex', alignItems: 'center' },
    '& .matrix-row-note-text': {
      ...typography.body2,
      color: palette.text.secondary,
      position: 'sticky',
      left: NAME_WIDTH,
      padding: '0 12px',
      fontStyle: 'italic',
    },
    '& .matrix-spacer': { flexShrink: 0 },
    '& .matrix-header': {
      width: CELL_WIDTH,
      flexShrink: 0,
      padding: '6px 8px',
      borderRight: `1px solid ${palette.divider}`,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
    },
    '& .matrix-header-title': { display: 'flex', alignItems: 'flex-start', gap: '4px' },
    '& .matrix-header-name': {
      ...typography.caption,
      fontWeight: 600,
      lineHeight: 1.3,
      flex: 1,
      display: '-webkit-box',
      WebkitLineClamp: 2,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
    },
    '& .matrix-header-flag': { display: 'flex', color: palette.error.main },
    '& .matrix-header-count': { ...typography.caption, color: palette.text.secondary },
  } as const;
}

/** The name column's styles, as a class's (`matrixStyles`): lengths as strings. */
function pinnedCellStyles({ palette }: Theme) {
  return {
    width: NAME_WIDTH,
    flexShrink: 0,
    position: 'sticky',
    left: 0,
    zIndex: 1,
    backgroundColor: palette.background.paper,
    borderRight: `2px solid ${palette.divider}`,
  } as const;
}

/** Hovering waits this long before the clause shows (as MUI's tooltips do). */
const TIP_DELAY_MS = 300;

type ShownTip = {
  anchor: HTMLElement;
  documentId: number;
  category: string;
  clause: ClauseMatrixCell;
  found: boolean;
};

/**
 * One tooltip for the whole grid, for the cell hovered or focused: a tooltip per cell made the
 * first screen mount hundreds of them. Cells carry their document and category as data.
 */
function useCellTip(rows: readonly ReviewRow[]) {
  const id = useId();
  const [shown, setShown] = useState<ShownTip | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const byId = useMemo(() => new Map(rows.map((row) => [row.document.documentId, row])), [rows]);

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setShown(null);
  }, []);
  const show = (target: EventTarget, how: 'hover' | 'focus' = 'hover') => {
    const anchor = cellButton(target);
    if (!anchor || anchor === shown?.anchor) return;
    const row = byId.get(Number(anchor.dataset['documentId']));
    const category = anchor.dataset['category'] ?? '';
    const cell = row && cellOf(row, category);
    if (!row || !cell?.clause) return;
    const next = {
      anchor,
      documentId: row.document.documentId,
      category,
      clause: cell.clause,
      found: cell.status === 'found',
    };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(next), how === 'focus' ? 0 : TIP_DELAY_MS);
  };
  /** The pointer left a cell's button (not for one of its own parts). */
  const leave = (from: EventTarget, to: EventTarget | null) => {
    const button = cellButton(from);
    if (button && !(to instanceof Node && button.contains(to))) hide();
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  // The cell names its tooltip while it shows (MUI's `describeChild`).
  useEffect(() => {
    const anchor = shown?.anchor;
    anchor?.setAttribute('aria-describedby', id);
    return () => anchor?.removeAttribute('aria-describedby');
  }, [shown, id]);

  return { id, shown, show, leave, hide };
}

function cellButton(target: EventTarget): HTMLElement | null {
  return target instanceof Element
    ? target.closest<HTMLElement>('button.clause-cell-button')
    : null;
}
