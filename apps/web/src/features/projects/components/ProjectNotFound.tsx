import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function ProjectNotFound() {
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Project Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The requested project could not be located.
      </Typography>
      <Button variant="outlined" component={RouterLink} to="/dashboard">
        Back to Dashboard
      </Button>
    </Box>
  );
}
