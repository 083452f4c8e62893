import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** The project list could not be loaded: say so, with a retry (never the empty state). */
export function ProjectsLoadError({
  onRetry,
  heading = 'h1',
}: {
  onRetry: () => void;
  /** The heading's level where it is shown (a page of its own, or a section of one). */
  heading?: 'h1' | 'h3';
}) {
  return (
    <Box role="alert" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h6" component={heading} gutterBottom>
        Could not load your projects
      </Typography>
      <Button variant="outlined" onClick={onRetry}>
        Try Again
      </Button>
    </Box>
  );
}
