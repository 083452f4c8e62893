import AddOutlined from '@mui/icons-material/AddOutlined';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/PageLoading';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { ProjectsLoadError } from '../../projects/components/ProjectsLoadError';
import { useProjects } from '../../projects/hooks/useProjects';
import { ProjectGrid } from './ProjectGrid';
import { SelectedProjectView } from './SelectedProjectView';
import { StatCards } from './StatCards';

export function DashboardPage() {
  const [searchParams] = useSearchParams();
  const selected = searchParams.get('project');
  if (selected !== null) return <SelectedProjectView selected={selected} />;
  return <DashboardOverview />;
}

function DashboardOverview() {
  const { user } = useCurrentUser();
  const { projects, isLoading, isError, isUnauthenticated, refetch } = useProjects();

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            Welcome back, {user?.username || 'User'}
          </Typography>
          <Typography color="text.secondary">Your deals at a glance.</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          component={RouterLink}
          to="/project/create"
          sx={{ flexShrink: 0 }}
        >
          New Project
        </Button>
      </Stack>

      <StatCards projectCount={projects.length} />

      <Box component="section" aria-labelledby="your-projects-title" sx={{ mt: 5 }}>
        <Typography variant="h5" component="h2" id="your-projects-title" sx={{ mb: 2 }}>
          Your Projects
        </Typography>
        {isLoading ? (
          <PageLoading fullScreen={false} />
        ) : isError && !isUnauthenticated ? (
          <ProjectsLoadError heading="h3" onRetry={() => void refetch()} />
        ) : projects.length === 0 ? (
          <Card>
            <CardContent sx={{ py: 6, textAlign: 'center' }}>
              <CreateNewFolderOutlined sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
              <Typography variant="h6" component="h3" gutterBottom>
                Start Your First Project
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 480, mx: 'auto' }}>
                Create a project for a deal to record its details, upload its documents and ask
                questions about them.
              </Typography>
              <Button variant="contained" component={RouterLink} to="/project/create">
                Create Your First Project
              </Button>
            </CardContent>
          </Card>
        ) : (
          <ProjectGrid projects={projects} />
        )}
      </Box>
    </Box>
  );
}
