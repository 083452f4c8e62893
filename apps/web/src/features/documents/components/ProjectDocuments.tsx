import Stack from '@mui/material/Stack';
import { ProjectFilesCard } from './ProjectFilesCard';
import { UploadCard } from './UploadCard';

type ProjectDocumentsProps = {
  projectId: number;
  /** Refetch the file list at this interval whatever the files' statuses. */
  refreshEveryMs?: number;
};

/** Upload and file list of one project: the Documents page and the dashboard's Documents tab. */
export function ProjectDocuments({ projectId, refreshEveryMs }: ProjectDocumentsProps) {
  return (
    <Stack spacing={3}>
      <UploadCard projectId={projectId} />
      <ProjectFilesCard projectId={projectId} refreshEveryMs={refreshEveryMs} />
    </Stack>
  );
}
