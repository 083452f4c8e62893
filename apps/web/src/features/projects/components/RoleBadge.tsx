import { projectRoleLabels, type ProjectRole } from '@clearroom/contracts';
import Chip from '@mui/material/Chip';

const colors = { owner: 'primary', editor: 'secondary', viewer: 'default' } as const;

/** The user's role in a project: 'Owner', 'Editor' or 'Viewer'. */
export function RoleBadge({ role }: { role: ProjectRole }) {
  return (
    <Chip
      label={projectRoleLabels[role]}
      size="small"
      color={colors[role]}
      variant={role === 'viewer' ? 'outlined' : 'filled'}
      sx={{ height: 20, fontSize: '0.7rem', fontWeight: 600, flexShrink: 0 }}
    />
  );
}
