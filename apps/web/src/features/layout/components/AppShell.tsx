import type { User } from '@clearroom/contracts';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../../app/theme';
import { useToast } from '../../../components/toast/useToast';
import { useProjects } from '../../projects/hooks/useProjects';
import { useSidebarCollapsed } from '../hooks/useSidebarCollapsed';
import { Sidebar } from './Sidebar';

/** The signed-in frame: sidebar (icon rail or drawer) and the page. */
export function AppShell({ user }: { user: User }) {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [mobileOpen, setMobileOpen] = useState(false);
  const { isError, isUnauthenticated } = useProjects();
  const projectsFailed = isError && !isUnauthenticated;
  const { toast } = useToast();

  useEffect(() => {
    if (projectsFailed) {
      toast({
        title: 'Error fetching projects',
        description: 'Could not load your projects',
        variant: 'destructive',
      });
    }
  }, [projectsFailed, toast]);

  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {isDesktop ? (
        <Drawer
          variant="permanent"
          sx={{
            width,
            flexShrink: 0,
            transition: theme.transitions.create('width'),
            '& .MuiDrawer-paper': {
              width,
              boxSizing: 'border-box',
              overflowX: 'hidden',
              transition: theme.transitions.create('width'),
            },
          }}
          data-collapsed={collapsed}
        >
          <Sidebar user={user} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
        </Drawer>
      ) : (
        <>
          <AppBar
            position="fixed"
            color="inherit"
            elevation={0}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            <Toolbar>
              <IconButton
                edge="start"
                aria-label="Open navigation"
                onClick={() => setMobileOpen(true)}
                sx={{ mr: 1 }}
              >
                <MenuIcon />
              </IconButton>
              <Typography variant="h6" component="span">
                Clearroom
              </Typography>
            </Toolbar>
          </AppBar>
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
          >
            <Sidebar user={user} collapsed={false} onNavigate={() => setMobileOpen(false)} />
          </Drawer>
        </>
      )}
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          px: { xs: 2, sm: 3, md: 4 },
          pb: 4,
          pt: { xs: 10, md: 4 },
        }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
