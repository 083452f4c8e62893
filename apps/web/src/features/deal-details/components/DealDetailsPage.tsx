import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ProjectGate } from '../../projects/components/ProjectGate';
import { DealDetailsCard } from './DealDetailsCard';

export function DealDetailsPage() {
  return (
    <ProjectGate>
      {(project) => (
        <Box sx={{ maxWidth: 960, mx: 'auto' }}>
          <Typography variant="h4" component="h1" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
            {project.name}
          </Typography>
          <DealDetailsCard key={project.id} project={project} />
        </Box>
      )}
    </ProjectGate>
  );
}
