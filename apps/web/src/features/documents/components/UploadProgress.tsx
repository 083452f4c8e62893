import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The upload progress bar with its 'Uploading...' label and percentage. */
export function UploadProgress({ value }: { value: number }) {
  return (
    <Box sx={{ mt: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2">Uploading...</Typography>
        <Typography variant="body2" color="text.secondary">
          {value}%
        </Typography>
      </Stack>
      <LinearProgress variant="determinate" value={value} aria-label="Upload progress" />
    </Box>
  );
}
