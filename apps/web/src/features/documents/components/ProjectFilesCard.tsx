import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';

/** The project's file list. Uploading arrives later, so for now it is always empty. */
export function ProjectFilesCard() {
  return (
    <Card component="section" aria-labelledby="project-files-title">
      <CardHeader
        title="Project Files"
        slotProps={{ title: { id: 'project-files-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
          <FolderOpenOutlined sx={{ fontSize: 40, mb: 1 }} aria-hidden />
          <Typography>
            No documents uploaded yet. Upload your first document to get started.
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
