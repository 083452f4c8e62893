import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useProjectFiles } from '../hooks/useProjectFiles';
import { ProjectFilesTable } from './ProjectFilesTable';

type ProjectFilesCardProps = {
  projectId: number;
  /** Show the delete action (editors and owners). */
  canDelete: boolean;
  /** Refetch the list at this interval whatever the files' statuses. */
  refreshEveryMs?: number;
};

/** The 'Project Files' card: loading, load error, empty state or the table (spec §2). */
export function ProjectFilesCard({ projectId, canDelete, refreshEveryMs }: ProjectFilesCardProps) {
  const { files, isLoading, loadError, refetch } = useProjectFiles(projectId, { refreshEveryMs });

  return (
    <Card component="section" aria-labelledby="project-files-title">
      <CardHeader
        title="Project Files"
        slotProps={{ title: { id: 'project-files-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0, px: { xs: 1, sm: 2 } }}>
        {isLoading ? (
          <Box role="status" aria-label="Loading files" sx={{ py: 5, textAlign: 'center' }}>
            <CircularProgress size={32} aria-hidden />
          </Box>
        ) : loadError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Retry
              </Button>
            }
          >
            Error loading files: {loadError}
          </Alert>
        ) : files.length === 0 ? (
          <Box sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
            <FolderOpenOutlined sx={{ fontSize: 40, mb: 1 }} aria-hidden />
            <Typography>
              No documents uploaded yet. Upload your first document to get started.
            </Typography>
          </Box>
        ) : (
          <ProjectFilesTable projectId={projectId} files={files} canDelete={canDelete} />
        )}
      </CardContent>
    </Card>
  );
}
