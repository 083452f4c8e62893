import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ProjectGate } from '../../projects/components/ProjectGate';
import { ProjectFilesCard } from './ProjectFilesCard';

export function DocumentsPage() {
  return (
    <ProjectGate>
      {(project) => (
        <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
          <Typography variant="h4" component="h1">
            Documents
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
            {project.name}
          </Typography>
          <ProjectFilesCard />
        </Box>
      )}
    </ProjectGate>
  );
}
