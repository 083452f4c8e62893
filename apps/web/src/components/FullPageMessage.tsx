import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A page with one centred message, for the 404 and error pages. */
export function FullPageMessage({ children, role }: { children: ReactNode; role?: string }) {
  return (
    <Box
      component="main"
      role={role}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      {children}
    </Box>
  );
}
