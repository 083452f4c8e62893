import type { ClauseSpan, DocumentClauses } from '@clearroom/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { cellLabel, firstWords, type CellStatus, type ClauseCell as Cell } from '../clauseMatrix';

export const CELL_WIDTH = 184;

/** Icon, colour and word together: the status never rests on colour alone. */
const CLAUSE_LOOK = {
  found: { label: 'Found', Icon: CheckCircle, color: 'success' },
  uncertain: { label: 'Uncertain', Icon: HelpOutline, color: 'warning' },
} as const satisfies Record<Exclude<CellStatus, 'not-found'>, object>;

type ClauseCellProps = {
  category: string;
  cell: Cell;
  /** 1-based, counting the document name column. */
  colIndex: number;
  document: DocumentClauses;
  onOpen: (document: DocumentClauses, clause: ClauseSpan) => void;
};

/**
 * One cell of the Clause Review: the category's status in a document, with the best clause's
 * first words and page. Hovering or focusing shows the whole clause; clicking opens it.
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
  const frame = {
    width: CELL_WIDTH,
    flexShrink: 0,
    p: 0.5,
    borderRight: 1,
    borderColor: 'divider',
  } as const;

  if (!clause) {
    return (
      <Box role="gridcell" aria-colindex={colIndex} aria-label={label} sx={frame}>
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center', height: '100%', px: 0.75, color: 'text.disabled' }}
        >
          <Remove fontSize="small" aria-hidden />
          <Typography variant="caption">Not found</Typography>
        </Stack>
      </Box>
    );
  }

  const look = CLAUSE_LOOK[status === 'found' ? 'found' : 'uncertain'];
  return (
    <Box role="gridcell" aria-colindex={colIndex} aria-label={label} sx={frame}>
      <Tooltip
        describeChild
        placement="bottom-start"
        enterDelay={300}
        title={<ClauseTooltip category={category} clause={clause} status={look.label} />}
        slotProps={{ tooltip: { sx: { maxWidth: 480 } } }}
      >
        <ButtonBase
          aria-label={label}
          onClick={() => onOpen(document, clause)}
          sx={(theme) => ({
            width: '100%',
            height: '100%',
            px: 0.75,
            borderRadius: 1,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-start',
            justifyContent: 'center',
            textAlign: 'left',
            bgcolor: alpha(theme.palette[look.color].main, status === 'found' ? 0.1 : 0.08),
            '&:hover, &.Mui-focusVisible': {
              bgcolor: alpha(theme.palette[look.color].main, 0.2),
            },
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}` },
          })}
        >
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', width: '100%' }}>
            <look.Icon fontSize="small" color={look.color} aria-hidden />
            <Typography
              variant="caption"
              sx={{ fontWeight: 600, color: `${look.color}.dark`, flex: 1 }}
            >
              {look.label}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              p. {clause.pageNumber}
            </Typography>
          </Stack>
          <Typography variant="caption" noWrap sx={{ width: '100%' }}>
            {firstWords(clause.quote)}
          </Typography>
        </ButtonBase>
      </Tooltip>
    </Box>
  );
});

function ClauseTooltip({
  category,
  clause,
  status,
}: {
  category: string;
  clause: ClauseSpan;
  status: string;
}) {
  return (
    <>
      <Typography variant="caption" component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
        {category} · {status} on page {clause.pageNumber} · score {clause.score.toFixed(2)}
      </Typography>
      <Typography variant="body2" component="p" sx={{ whiteSpace: 'pre-wrap' }}>
        {clause.quote}
      </Typography>
    </>
  );
}
