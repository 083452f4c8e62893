import { projectRoleLabels, type Project } from '@clearroom/contracts';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Avatar from '@mui/material/Avatar';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { RoleBadge } from '../../projects/components/RoleBadge';
import { projectInitials } from '../../projects/projectInitials';
import { projectPermissions } from '../../projects/projectPermissions';

const projectPages = [
  { segment: 'deal-details', label: 'Deal Details' },
  { segment: 'documents', label: 'Documents' },
  { segment: 'chat', label: 'AI Analysis' },
  { segment: 'clauses', label: 'Clause Review' },
  { segment: 'reviews', label: 'Reviews' },
  { segment: 'activity', label: 'Activity' },
  { segment: 'settings', label: 'Settings' },
] as const;

type SidebarProjectItemProps = {
  project: Project;
  /** Someone else owns it: the role badge and the owner's name show under its name. */
  shared: boolean;
  current: boolean;
  expanded: boolean;
  collapsed: boolean;
  onToggle: (id: number) => void;
  onNavigate?: (() => void) | undefined;
};

export function SidebarProjectItem({
  project,
  shared,
  current,
  expanded,
  collapsed,
  onToggle,
  onNavigate,
}: SidebarProjectItemProps) {
  const { pathname } = useLocation();
  const subListId = `sidebar-project-${project.id}-pages`;
  const { canReadActivity } = projectPermissions(project.role);
  const pages = projectPages.filter(({ segment }) => segment !== 'activity' || canReadActivity);

  if (collapsed) {
    const label = shared
      ? `${project.name} (${projectRoleLabels[project.role]}, shared by ${project.owner.username})`
      : project.name;
    return (
      <li>
        <Tooltip title={label} placement="right">
          <ListItemButton
            component={RouterLink}
            to={`/project/${project.id}/deal-details`}
            selected={current}
            aria-label={label}
            aria-current={current ? 'true' : undefined}
            onClick={onNavigate}
            sx={{ justifyContent: 'center', px: 0 }}
          >
            <Avatar
              variant="rounded"
              aria-hidden
              sx={{
                width: 32,
                height: 32,
                fontSize: '0.8rem',
                fontWeight: 600,
                bgcolor: current ? 'primary.main' : 'grey.500',
              }}
            >
              {projectInitials(project.name)}
            </Avatar>
          </ListItemButton>
        </Tooltip>
      </li>
    );
  }

  return (
    <li>
      {/* A long name is cut: the whole name shows on hover and on keyboard focus. */}
      <Tooltip title={project.name} placement="right" describeChild>
        <ListItemButton
          selected={current}
          aria-expanded={expanded}
          aria-controls={subListId}
          aria-current={current ? 'true' : undefined}
          onClick={() => onToggle(project.id)}
        >
          <ListItemIcon>
            <FolderOutlined />
          </ListItemIcon>
          <ListItemText
            primary={project.name}
            secondary={
              shared ? (
                <>
                  <RoleBadge role={project.role} />
                  <Typography component="span" variant="caption" noWrap sx={{ minWidth: 0 }}>
                    shared by {project.owner.username}
                  </Typography>
                </>
              ) : undefined
            }
            slotProps={{
              primary: { noWrap: true },
              secondary: {
                component: 'span',
                sx: { display: 'flex', alignItems: 'center', gap: 0.75, mt: 0.25 },
              },
            }}
          />
          {expanded ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
        </ListItemButton>
      </Tooltip>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List id={subListId} disablePadding aria-label={`${project.name} pages`}>
          {pages.map(({ segment, label }) => {
            const to = `/project/${project.id}/${segment}`;
            const active = pathname === to || pathname.startsWith(`${to}/`);
            return (
              <li key={segment}>
                <ListItemButton
                  component={RouterLink}
                  to={to}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  sx={{ pl: 7, py: 0.5 }}
                >
                  <ListItemText primary={label} slotProps={{ primary: { variant: 'body2' } }} />
                </ListItemButton>
              </li>
            );
          })}
        </List>
      </Collapse>
    </li>
  );
}
