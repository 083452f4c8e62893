import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export function ProjectsLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Box role="alert" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Could not load your projects
      </Typography>
      <Button variant="outlined" onClick={onRetry}>
        Try Again
      </Button>
    </Box>
  );
}
