import type { Project } from '@clearroom/contracts';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../components/formatDate';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { RoleBadge } from '../../projects/components/RoleBadge';
import { ValuationText } from '../../projects/components/ValuationText';
import { isSharedWithUser } from '../../projects/sharedProject';

export function ProjectCard({ project }: { project: Project }) {
  const { user } = useCurrentUser();
  const shared = isSharedWithUser(project, user);
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/project/${project.id}/deal-details`}
        sx={{ height: '100%', alignItems: 'stretch' }}
      >
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Typography
              variant="h6"
              component="h3"
              noWrap
              title={project.name}
              sx={{ flexGrow: 1, minWidth: 0 }}
            >
              {project.name}
            </Typography>
            {shared && <RoleBadge role={project.role} />}
          </Stack>
          {shared && (
            <Typography variant="body2" color="text.secondary" noWrap>
              Shared by {project.owner.username}
            </Typography>
          )}
          <Typography color="text.secondary" noWrap sx={{ mb: 2 }}>
            {project.companyName ?? 'No company name yet'}
          </Typography>
          <Typography variant="body2">
            <Typography component="span" variant="body2" color="text.secondary">
              Valuation:{' '}
            </Typography>
            <ValuationText project={project} />
          </Typography>
          <Typography variant="body2">
            <Typography component="span" variant="body2" color="text.secondary">
              Last Activity:{' '}
            </Typography>
            {formatDate(project.createdAt)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
