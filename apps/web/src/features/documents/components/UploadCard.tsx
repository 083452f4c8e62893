import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { useUploadFlow } from '../hooks/useUploadFlow';
import { FileSelector } from './FileSelector';
import { SelectedFileList } from './SelectedFileList';
import { UploadProgress } from './UploadProgress';
import { UploadResults } from './UploadResults';

/** The 'Upload Documents' card (spec §2 Documents page, §4 "Upload flow"). */
export function UploadCard({ projectId }: { projectId: number }) {
  const flow = useUploadFlow(projectId);
  const count = flow.selected.length;

  return (
    <Card component="section" aria-labelledby="upload-documents-title">
      <CardHeader
        title="Upload Documents"
        slotProps={{ title: { id: 'upload-documents-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <FileSelector onFiles={flow.addFiles} limits={flow.limits} disabled={flow.uploading} />
        <SelectedFileList
          items={flow.selected}
          onRemove={flow.removeFile}
          disabled={flow.uploading}
        />

        {(flow.uploading || flow.progress > 0) && <UploadProgress value={flow.progress} />}

        {flow.errors.length > 0 && (
          <Alert severity="error" sx={{ mt: 3 }}>
            {flow.errors.map((error, index) => (
              <Box key={index}>{error}</Box>
            ))}
          </Alert>
        )}
        {flow.success && (
          <Alert severity="success" role="status" sx={{ mt: 3 }}>
            {flow.success}
          </Alert>
        )}
        <UploadResults results={flow.results} />

        {/* Spec §2: the button appears once files are selected. */}
        {(count > 0 || flow.uploading) && (
          <Button
            variant="contained"
            startIcon={<CloudUploadOutlined />}
            onClick={() => void flow.upload()}
            disabled={flow.uploading}
            sx={{ mt: 3 }}
          >
            {flow.uploading ? 'Uploading...' : `Upload ${count} file(s)`}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
