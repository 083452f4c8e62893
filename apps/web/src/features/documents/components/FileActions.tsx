import type { ProjectFile } from '@clearroom/contracts';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

/** `GET /api/files/{filename}`: the stored file, shown inline (spec §7). */
export function fileUrl(file: ProjectFile): string {
  return `/api/files/${encodeURIComponent(file.filename)}`;
}

type FileActionsProps = {
  file: ProjectFile;
  /** Absent when the user's role can't delete documents: no delete button then. */
  onDelete?: (() => void) | undefined;
};

/** Open in a new tab, download under the original name, delete (editors and owners). */
export function FileActions({ file, onDelete }: FileActionsProps) {
  const name = file.originalname;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="Open in new tab" disableInteractive>
        <IconButton
          href={fileUrl(file)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open ${name}`}
        >
          <OpenInNew fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Download" disableInteractive>
        <IconButton
          href={`${fileUrl(file)}?download=1`}
          download={name}
          aria-label={`Download ${name}`}
        >
          <DownloadOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {onDelete && (
        <Tooltip title="Delete" disableInteractive>
          <IconButton onClick={onDelete} aria-label={`Delete ${name}`}>
            <DeleteOutlineOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
