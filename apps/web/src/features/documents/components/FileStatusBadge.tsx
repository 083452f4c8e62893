import type { ProjectFile } from '@clearroom/contracts';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { keyframes } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { analysisNote, pagesProgress, readFileStatus, statusBadge } from '../fileStatus';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

/**
 * The analysis status of a file (spec §4), with how far processing got; for a failure, the
 * reason in words the user can act on; for a completed file that has pages analysis could not
 * read, a warning sign beside the badge and the note saying which pages and what to do.
 */
export function FileStatusBadge({ file }: { file: ProjectFile }) {
  const badge = statusBadge(file);
  const progress = pagesProgress(file);
  const failureReason = readFileStatus(file) === 'failed' ? file.failureReason : null;
  const note = analysisNote(file);
  const detailId = useId();
  const detail = progress ?? failureReason ?? note;

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Chip
          size="small"
          label={badge.label}
          color={badge.color}
          variant={badge.color === 'default' ? 'outlined' : 'filled'}
          aria-describedby={detail ? detailId : undefined}
          data-pulse={badge.pulse || undefined}
          sx={
            badge.pulse
              ? {
                  animation: `${pulse} 1.6s ease-in-out infinite`,
                  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
                }
              : undefined
          }
        />
        {note && (
          // The note is also the caption below, which describes the badge to screen readers.
          <Tooltip title={note} describeChild>
            <WarningAmberRounded
              data-testid="analysis-note-icon"
              sx={{ fontSize: 18, color: 'warning.dark' }}
            />
          </Tooltip>
        )}
      </Box>
      {detail && (
        <Typography
          id={detailId}
          variant="caption"
          color={failureReason ? 'error' : 'text.secondary'}
          sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}
        >
          {detail}
        </Typography>
      )}
    </Box>
  );
}
