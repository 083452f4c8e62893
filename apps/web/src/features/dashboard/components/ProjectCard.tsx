import type { Project } from '@clearroom/contracts';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../components/formatDate';
import { ValuationText } from '../../projects/components/ValuationText';

export function ProjectCard({ project }: { project: Project }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/project/${project.id}/deal-details`}
        sx={{ height: '100%', alignItems: 'stretch' }}
      >
        <CardContent>
          <Typography variant="h6" component="h3" noWrap title={project.name}>
            {project.name}
          </Typography>
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
