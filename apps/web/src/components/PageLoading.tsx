import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Shown while the session or a page is being loaded. */
export function PageLoading({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <Box
      role="status"
      sx={{
        minHeight: fullScreen ? '100vh' : 240,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress size={32} aria-hidden />
      <Typography color="text.secondary">Loading...</Typography>
    </Box>
  );
}
