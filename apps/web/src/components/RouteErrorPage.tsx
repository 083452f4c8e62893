import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router';
import { FullPageMessage } from './FullPageMessage';

/** Last resort when a page fails to load or render (e.g. a new deployment replaced its chunk). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : null;
  return (
    <FullPageMessage role="alert">
      <Typography variant="h4" component="h1">
        Something went wrong
      </Typography>
      <Typography color="text.secondary">
        This page could not be shown. Reloading usually fixes it.
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {detail}
        </Typography>
      )}
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </FullPageMessage>
  );
}
