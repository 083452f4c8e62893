import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { ProjectFilesCard } from './ProjectFilesCard';
import { UploadCard } from './UploadCard';

type ProjectDocumentsProps = {
  projectId: number;
  /** The user's role lets them upload and delete documents (viewers: no). */
  canEdit: boolean;
  /** Refetch the file list at this interval whatever the files' statuses. */
  refreshEveryMs?: number;
};

/** Upload and file list of one project: the Documents page and the dashboard's Documents tab. */
export function ProjectDocuments({ projectId, canEdit, refreshEveryMs }: ProjectDocumentsProps) {
  return (
    <Stack spacing={3}>
      {canEdit ? (
        <UploadCard projectId={projectId} />
      ) : (
        <Alert severity="info" role="note">
          As a viewer you can open and download this project&apos;s documents; its editors and
          owners upload and delete them.
        </Alert>
      )}
      <ProjectFilesCard projectId={projectId} canDelete={canEdit} refreshEveryMs={refreshEveryMs} />
    </Stack>
  );
}
