import type { Project } from '@clearroom/contracts';
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
import { Link as RouterLink, useLocation } from 'react-router';
import { projectInitials } from '../../projects/projectInitials';

const projectPages = [
  { segment: 'deal-details', label: 'Deal Details' },
  { segment: 'documents', label: 'Documents' },
  { segment: 'chat', label: 'AI Analysis' },
  { segment: 'clauses', label: 'Clause Review' },
  { segment: 'reviews', label: 'Reviews' },
  { segment: 'settings', label: 'Settings' },
] as const;

type SidebarProjectItemProps = {
  project: Project;
  current: boolean;
  expanded: boolean;
  collapsed: boolean;
  onToggle: (id: number) => void;
  onNavigate?: (() => void) | undefined;
};

export function SidebarProjectItem({
  project,
  current,
  expanded,
  collapsed,
  onToggle,
  onNavigate,
}: SidebarProjectItemProps) {
  const { pathname } = useLocation();
  const subListId = `sidebar-project-${project.id}-pages`;

  if (collapsed) {
    return (
      <li>
        <Tooltip title={project.name} placement="right">
          <ListItemButton
            component={RouterLink}
            to={`/project/${project.id}/deal-details`}
            selected={current}
            aria-label={project.name}
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
          <ListItemText primary={project.name} slotProps={{ primary: { noWrap: true } }} />
          {expanded ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
        </ListItemButton>
      </Tooltip>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List id={subListId} disablePadding aria-label={`${project.name} pages`}>
          {projectPages.map(({ segment, label }) => {
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
