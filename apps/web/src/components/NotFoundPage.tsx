import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FullPageMessage } from './FullPageMessage';

export function NotFoundPage() {
  return (
    <FullPageMessage>
      <Typography variant="h4" component="h1">
        404 Page Not Found
      </Typography>
      <Typography color="text.secondary">
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        Go Home
      </Button>
    </FullPageMessage>
  );
}
