import type { ProjectFile } from '@clearroom/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useRedFlags } from '../../clause-review/hooks/useRedFlags';
import { DeleteFileDialog } from './DeleteFileDialog';
import { FileRow } from './FileRow';

type ProjectFilesTableProps = {
  projectId: number;
  files: readonly ProjectFile[];
  /** Show the delete action (editors and owners). */
  canDelete: boolean;
};

/** Fixed column widths let a long name truncate instead of pushing the actions off screen. */
const columnWidths = { size: 96, uploaded: 112, status: 184, actions: 136, compactActions: 124 };

export function ProjectFilesTable({ projectId, files, canDelete }: ProjectFilesTableProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // Kept after closing so that the dialog still shows the name while it fades out.
  const [deletion, setDeletion] = useState<{ file: ProjectFile; open: boolean } | null>(null);
  const redFlags = useRedFlags(projectId);

  return (
    <>
      <Table size="small" aria-label="Project files" sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            {!compact && (
              <>
                <TableCell sx={{ width: columnWidths.size }}>Size</TableCell>
                <TableCell sx={{ width: columnWidths.uploaded }}>Uploaded</TableCell>
                <TableCell sx={{ width: columnWidths.status }}>Analysis Status</TableCell>
              </>
            )}
            <TableCell
              align="right"
              sx={{ width: compact ? columnWidths.compactActions : columnWidths.actions }}
            >
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              compact={compact}
              redFlags={redFlags?.get(file.id)}
              onDelete={canDelete ? () => setDeletion({ file, open: true }) : undefined}
            />
          ))}
        </TableBody>
      </Table>
      {deletion && (
        <DeleteFileDialog
          file={deletion.file}
          projectId={projectId}
          open={deletion.open}
          onClose={() => setDeletion({ ...deletion, open: false })}
        />
      )}
    </>
  );
}
