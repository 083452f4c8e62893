import type { User } from '@clearroom/contracts';
import AddCircleOutlined from '@mui/icons-material/AddCircleOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import Logout from '@mui/icons-material/Logout';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { BrandLink } from '../../../components/BrandLink';
import { useProjects } from '../../projects/hooks/useProjects';
import { isSharedWithUser } from '../../projects/sharedProject';
import { useCurrentProjectId } from '../hooks/useCurrentProjectId';
import { useLogout } from '../hooks/useLogout';
import { SidebarProjectItem } from './SidebarProjectItem';

type SidebarProps = {
  user: User;
  /** Narrow icon rail (large screens only). */
  collapsed: boolean;
  /** Present on large screens: shows the collapse/expand button. */
  onToggleCollapsed?: () => void;
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
};

export function Sidebar({ user, collapsed, onToggleCollapsed, onNavigate }: SidebarProps) {
  const { pathname, search } = useLocation();
  const { projects, isLoading } = useProjects();
  const { logout, isLoggingOut } = useLogout();
  const currentProjectId = useCurrentProjectId();

  // The current project is expanded whenever the user arrives on one of its pages; the user may
  // still fold it (state adjusted during render, not in an effect).
  const [expandedIds, setExpandedIds] = useState<ReadonlySet<number>>(
    () => new Set(currentProjectId === null ? [] : [currentProjectId]),
  );
  const [autoExpandedId, setAutoExpandedId] = useState(currentProjectId);
  if (currentProjectId !== autoExpandedId) {
    setAutoExpandedId(currentProjectId);
    if (currentProjectId !== null && !expandedIds.has(currentProjectId)) {
      setExpandedIds(new Set(expandedIds).add(currentProjectId));
    }
  }

  const toggleProject = (id: number) => {
    setExpandedIds((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const dashboardActive = pathname === '/dashboard' && !new URLSearchParams(search).has('project');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflow: 'hidden' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: collapsed ? 'center' : 'space-between',
          gap: 1,
          px: collapsed ? 0 : 2,
          minHeight: 64,
        }}
      >
        {!collapsed && <BrandLink to="/dashboard" size={28} onClick={onNavigate} />}
        {onToggleCollapsed && (
          <Tooltip title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} placement="right">
            <IconButton
              onClick={onToggleCollapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
              size="small"
            >
              {collapsed ? <ChevronRight /> : <ChevronLeft />}
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Divider />

      <Box component="nav" aria-label="Main navigation" sx={{ flexGrow: 1, overflowY: 'auto' }}>
        <List>
          <NavItem
            to="/dashboard"
            label="Dashboard"
            icon={<DashboardOutlined />}
            active={dashboardActive}
            collapsed={collapsed}
            onNavigate={onNavigate}
          />
          <NavItem
            to="/project/create"
            label="Create Project"
            icon={<AddCircleOutlined />}
            active={pathname === '/project/create'}
            collapsed={collapsed}
            onNavigate={onNavigate}
          />
          {user.isAdmin && (
            <NavItem
              to="/admin/users"
              label="Users"
              icon={<ManageAccountsOutlined />}
              active={pathname === '/admin/users'}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          )}
        </List>
        <Divider />
        <List
          aria-label="Projects"
          subheader={
            collapsed ? undefined : (
              <ListSubheader component="li" disableSticky>
                Projects
              </ListSubheader>
            )
          }
        >
          {projects.map((project) => (
            <SidebarProjectItem
              key={project.id}
              project={project}
              shared={isSharedWithUser(project, user)}
              current={project.id === currentProjectId}
              expanded={expandedIds.has(project.id)}
              collapsed={collapsed}
              onToggle={toggleProject}
              onNavigate={onNavigate}
            />
          ))}
          {!collapsed && !isLoading && projects.length === 0 && (
            <li>
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
                No projects yet
              </Typography>
            </li>
          )}
        </List>
      </Box>

      <Divider />
      <Box
        sx={{
          display: 'flex',
          flexDirection: collapsed ? 'column' : 'row',
          alignItems: 'center',
          gap: 1.5,
          p: collapsed ? 1 : 2,
        }}
      >
        <Tooltip title={collapsed ? user.username : ''} placement="right">
          <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main' }} aria-hidden>
            {user.username.charAt(0).toUpperCase()}
          </Avatar>
        </Tooltip>
        {!collapsed && (
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} title={user.username}>
              {user.username}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {user.isAdmin ? 'Administrator' : 'User'}
            </Typography>
          </Box>
        )}
        <Tooltip title="Log out" placement={collapsed ? 'right' : 'top'}>
          <span>
            <IconButton
              aria-label="Log out"
              onClick={() => void logout()}
              disabled={isLoggingOut}
              size="small"
            >
              <Logout fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}

type NavItemProps = {
  to: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  collapsed: boolean;
  onNavigate?: (() => void) | undefined;
};

function NavItem({ to, label, icon, active, collapsed, onNavigate }: NavItemProps) {
  const button = (
    <ListItemButton
      component={RouterLink}
      to={to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? label : undefined}
      onClick={onNavigate}
      sx={collapsed ? { justifyContent: 'center', px: 0 } : undefined}
    >
      <ListItemIcon sx={collapsed ? { minWidth: 0 } : undefined}>{icon}</ListItemIcon>
      {!collapsed && <ListItemText primary={label} />}
    </ListItemButton>
  );
  return (
    <li>
      {collapsed ? (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </li>
  );
}
