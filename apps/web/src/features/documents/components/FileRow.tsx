import type { ProjectFile } from '@clearroom/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../components/formatDate';
import { RedFlagChip } from '../../clause-review/components/RedFlagChip';
import { isAnalysed } from '../fileStatus';
import { formatFileSize } from '../formatFileSize';
import { fileTypeLabel } from '../fileTypes';
import { FileActions } from './FileActions';
import { FileStatusBadge } from './FileStatusBadge';
import { FileTypeIcon } from './FileTypeIcon';

type FileRowProps = {
  file: ProjectFile;
  /** On phones the size, date and status move under the name instead of their own columns. */
  compact: boolean;
  /** The red-flag categories found in the document, once it is analysed and they are known. */
  redFlags?: readonly string[] | undefined;
  /** Absent when the user's role can't delete documents. */
  onDelete?: (() => void) | undefined;
};

export function FileRow({ file, compact, redFlags, onDelete }: FileRowProps) {
  const name = file.originalname;
  const size = formatFileSize(file.size);
  const uploaded = formatDate(file.uploadedAt);
  const typeLabel = fileTypeLabel(file.mimetype, name);

  return (
    <TableRow hover>
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
          <FileTypeIcon mimetype={file.mimetype} name={name} />
          <Box sx={{ minWidth: 0 }}>
            <Tooltip title={name} describeChild disableInteractive>
              <Typography noWrap sx={{ fontWeight: 500 }}>
                {name}
              </Typography>
            </Tooltip>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {compact ? `${typeLabel} · ${size} · ${uploaded}` : typeLabel}
              </Typography>
              {redFlags && isAnalysed(file) && (
                <RedFlagChip
                  projectId={file.projectId}
                  documentId={file.id}
                  categories={redFlags}
                />
              )}
            </Stack>
            {compact && (
              <Box sx={{ mt: 0.5 }}>
                <FileStatusBadge file={file} />
              </Box>
            )}
          </Box>
        </Stack>
      </TableCell>
      {!compact && (
        <>
          <TableCell>{size}</TableCell>
          <TableCell>{uploaded}</TableCell>
          <TableCell>
            <FileStatusBadge file={file} />
          </TableCell>
        </>
      )}
      <TableCell align="right" sx={{ px: compact ? 0.5 : 2 }}>
        <FileActions file={file} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}
