import type { ClauseMatrixCell, ClauseMatrixDocument } from '@clearroom/contracts';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { UNCERTAIN_FLOOR, useGetDocumentClausesQuery } from '../api/clausesApi';
import { cellLabel, clauseOfCell, type ClauseCell as Cell } from '../clauseMatrix';

export const CELL_WIDTH = 184;

type ClauseCellProps = {
  category: string;
  cell: Cell;
  /** 1-based, counting the document name column. */
  colIndex: number;
  document: ClauseMatrixDocument;
  onOpen: (document: ClauseMatrixDocument, clause: ClauseMatrixCell) => void;
};

/**
 * One cell of the Clause Review: the category's status in a document (icon, colour and word,
 * never colour alone), with the best clause's first words and page. Hovering or focusing shows
 * the whole clause (read then: the matrix holds its first words only); clicking opens it. Plain elements styled by `clauseCellStyles` on the grid:
 * hundreds of cells mount while the grid scrolls.
 */
export const ClauseCell = memo(function ClauseCell({
  category,
  cell,
  colIndex,
  document,
  onOpen,
}: ClauseCellProps) {
  const { clause, status } = cell;
  const label = cellLabel(category, cell);

  if (!clause) {
    return (
      <div role="gridcell" aria-colindex={colIndex} aria-label={label} className="clause-cell">
        <span className="clause-cell-empty">
          <Glyph path={NOT_FOUND_PATH} />
          Not found
        </span>
      </div>
    );
  }

  const found = status === 'found';
  return (
    <div role="gridcell" aria-colindex={colIndex} aria-label={label} className="clause-cell">
      {/* The grid shows one tooltip for the cell hovered or focused (see ClauseMatrix). */}
      <button
        type="button"
        aria-label={label}
        data-document-id={document.documentId}
        data-category={category}
        className={`clause-cell-button ${found ? 'found' : 'uncertain'}`}
        onClick={() => onOpen(document, clause)}
      >
        <span className="clause-cell-status">
          <Glyph path={found ? FOUND_PATH : UNCERTAIN_PATH} />
          <span className="clause-cell-status-label">{found ? 'Found' : 'Uncertain'}</span>
          <span className="clause-cell-page">p. {clause.pageNumber}</span>
        </span>
        <span className="clause-cell-quote">{clause.firstWords}</span>
      </button>
    </div>
  );
});

/** Material icons' paths (CheckCircle, HelpOutlineOutlined, Remove), drawn without SvgIcon. */
const FOUND_PATH =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z';
const UNCERTAIN_PATH =
  'M11 18h2v-2h-2zm1-16C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m0-14c-2.21 0-4 1.79-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5 0-2.21-1.79-4-4-4';
const NOT_FOUND_PATH = 'M19 13H5v-2h14z';

/** An icon as a plain SVG (no SvgIcon): `clause-cell-glyph` sizes it and takes the text colour. */
export function Glyph({ path }: { path: string }) {
  return (
    <svg className="clause-cell-glyph" viewBox="0 0 24 24" aria-hidden focusable="false">
      <path d={path} />
    </svg>
  );
}

/** Rendered while the tooltip is open: the clause's text is fetched then (once per document). */
export function ClauseTooltip({
  category,
  clause,
  found,
  projectId,
  documentId,
}: {
  category: string;
  clause: ClauseMatrixCell;
  found: boolean;
  projectId: number;
  documentId: number;
}) {
  const { data, isError } = useGetDocumentClausesQuery({
    projectId,
    documentId,
    minScore: UNCERTAIN_FLOOR,
  });
  const quote = data
    ? (clauseOfCell(data.documents[0]?.clauses ?? [], clause)?.quote ?? clause.firstWords)
    : isError
      ? clause.firstWords
      : `${clause.firstWords} (loading the clause…)`;
  return (
    <>
      <Typography variant="caption" component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
        {category} · {found ? 'Found' : 'Uncertain'} on page {clause.pageNumber} · score{' '}
        {clause.score.toFixed(2)}
      </Typography>
      <Typography variant="body2" component="p" sx={{ whiteSpace: 'pre-wrap' }}>
        {quote}
      </Typography>
    </>
  );
}

/** The cells' styles, set once on the grid (in `sx`: lengths as strings, numbers are spacing). */
export function clauseCellStyles(theme: Theme) {
  const { palette, typography } = theme;
  const tint = (color: string, amount: number) => alpha(color, amount);
  return {
    '& .clause-cell': {
      width: CELL_WIDTH,
      flexShrink: 0,
      padding: '4px',
      borderRight: `1px solid ${palette.divider}`,
    },
    '& .clause-cell-empty': {
      ...typography.caption,
      display: 'flex',
      alignItems: 'center',
      gap: '4px',
      height: '100%',
      padding: '0 6px',
      color: palette.text.disabled,
    },
    '& .clause-cell-button': {
      ...typography.caption,
      width: '100%',
      height: '100%',
      border: 0,
      borderRadius: `${theme.shape.borderRadius}px`,
      padding: '0 6px',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'flex-start',
      justifyContent: 'center',
      textAlign: 'left',
      color: palette.text.primary,
      cursor: 'pointer',
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: '1px' },
    },
    '& .clause-cell-button.found': {
      backgroundColor: tint(palette.success.main, 0.1),
      '&:hover, &:focus-visible': { backgroundColor: tint(palette.success.main, 0.2) },
      '& .clause-cell-status': { color: palette.success.dark },
    },
    '& .clause-cell-button.uncertain': {
      backgroundColor: tint(palette.warning.main, 0.08),
      '&:hover, &:focus-visible': { backgroundColor: tint(palette.warning.main, 0.2) },
      '& .clause-cell-status': { color: palette.warning.dark },
    },
    '& .clause-cell-status': { display: 'flex', alignItems: 'center', gap: '4px', width: '100%' },
    '& .clause-cell-glyph': { width: '20px', height: '20px', flexShrink: 0, fill: 'currentColor' },
    '& .clause-cell-status-label': { fontWeight: 600, flex: 1 },
    '& .clause-cell-page': { color: palette.text.secondary },
    '& .clause-cell-quote': {
      width: '100%',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
  } as const;
}
