import type { ClauseMatrixCell, ClauseMatrixDocument } from '@clearroom/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Remove from '@mui/icons-material/Remove';
import { alpha, type Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
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
  projectId: number;
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
  projectId,
  document,
  onOpen,
}: ClauseCellProps) {
  const { clause, status } = cell;
  const label = cellLabel(category, cell);

  if (!clause) {
    return (
      <div role="gridcell" aria-colindex={colIndex} aria-label={label} className="clause-cell">
        <span className="clause-cell-empty">
          <Remove fontSize="small" aria-hidden />
          Not found
        </span>
      </div>
    );
  }

  const found = status === 'found';
  const Icon = found ? CheckCircle : HelpOutline;
  return (
    <div role="gridcell" aria-colindex={colIndex} aria-label={label} className="clause-cell">
      <Tooltip
        describeChild
        placement="bottom-start"
        enterDelay={300}
        title={
          <ClauseTooltip
            category={category}
            clause={clause}
            found={found}
            projectId={projectId}
            documentId={document.documentId}
          />
        }
        slotProps={{ tooltip: { sx: { maxWidth: 480 } } }}
      >
        <button
          type="button"
          aria-label={label}
          className={`clause-cell-button ${found ? 'found' : 'uncertain'}`}
          onClick={() => onOpen(document, clause)}
        >
          <span className="clause-cell-status">
            <Icon fontSize="small" aria-hidden />
            <span className="clause-cell-status-label">{found ? 'Found' : 'Uncertain'}</span>
            <span className="clause-cell-page">p. {clause.pageNumber}</span>
          </span>
          <span className="clause-cell-quote">{clause.firstWords}</span>
        </button>
      </Tooltip>
    </div>
  );
});

/** Rendered while the tooltip is open: the clause's text is fetched then (once per document). */
function ClauseTooltip({
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
