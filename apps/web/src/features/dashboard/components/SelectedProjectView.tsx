import ArrowBack from '@mui/icons-material/ArrowBack';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDate } from '../../../components/formatDate';
import { PageLoading } from '../../../components/PageLoading';
import { useToast } from '../../../components/toast/useToast';
import { DealDetailsCard } from '../../deal-details/components/DealDetailsCard';
import { ProjectDocuments } from '../../documents/components/ProjectDocuments';
import { DeleteProjectDialog } from '../../projects/components/DeleteProjectDialog';
import { ProjectsLoadError } from '../../projects/components/ProjectsLoadError';
import { RoleBadge } from '../../projects/components/RoleBadge';
import { useProjects } from '../../projects/hooks/useProjects';
import { parseProjectId } from '../../projects/hooks/useRouteProjectId';
import { projectPermissions } from '../../projects/projectPermissions';
import { isSharedWithUser } from '../../projects/sharedProject';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';

type TabKey = 'assistant' | 'documents';

/** /dashboard?project=:id — one project's overview (spec §2 Dashboard). */
export function SelectedProjectView({ selected }: { selected: string }) {
  const id = parseProjectId(selected);
  const { projects, isLoading, isSuccess, isError, refetch } = useProjects();
  const { user } = useCurrentUser();
  const project = id === null ? undefined : projects.find((candidate) => candidate.id === id);
  const navigate = useNavigate();
  const { toast } = useToast();
  const [tab, setTab] = useState<TabKey>('assistant');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const deleted = useRef(false);

  // A selected project missing from the list: say so, clear the selection (spec §4, §8).
  const missing = isSuccess && !project;
  useEffect(() => {
    if (!missing || deleted.current) return;
    toast({
      title: 'Project not found',
      description: 'The selected project could not be located.',
      variant: 'destructive',
    });
    void navigate('/dashboard', { replace: true });
  }, [missing, navigate, toast]);

  if (!project && isError) return <ProjectsLoadError onRetry={() => void refetch()} />;
  if (isLoading || !project) return <PageLoading fullScreen={false} />;
  const permissions = projectPermissions(project.role);

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 3 }}>
        <IconButton aria-label="Back to dashboard" onClick={() => void navigate('/dashboard')}>
          <ArrowBack />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {project.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography color="text.secondary">Created {formatDate(project.createdAt)}</Typography>
            {isSharedWithUser(project, user) && (
              <>
                <RoleBadge role={project.role} />
                <Typography color="text.secondary">Shared by {project.owner.username}</Typography>
              </>
            )}
          </Stack>
        </Box>
        {permissions.canDelete && (
          <IconButton
            aria-label="Project actions"
            aria-haspopup="menu"
            aria-controls={menuAnchor ? 'project-actions-menu' : undefined}
            aria-expanded={menuAnchor ? true : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVert />
          </IconButton>
        )}
        <Menu
          id="project-actions-menu"
          anchorEl={menuAnchor}
          open={Boolean(menuAnchor)}
          onClose={() => setMenuAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              setConfirmOpen(true);
            }}
            sx={{ color: 'error.main' }}
          >
            Delete Project
          </MenuItem>
        </Menu>
      </Stack>

      <DealDetailsCard key={project.id} project={project} />

      <Box sx={{ mt: 4 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabKey) => setTab(value)}
          aria-label="Project views"
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
        >
          <Tab
            value="assistant"
            label="AI Due Diligence Assistant"
            id="project-tab-assistant"
            aria-controls="project-tabpanel-assistant"
          />
          <Tab
            value="documents"
            label="Documents"
            id="project-tab-documents"
            aria-controls="project-tabpanel-documents"
          />
        </Tabs>
        {tab === 'assistant' ? (
          <Box
            role="tabpanel"
            id="project-tabpanel-assistant"
            aria-labelledby="project-tab-assistant"
          >
            <Card>
              <CardContent sx={{ py: 5, textAlign: 'center' }}>
                <Typography sx={{ mb: 2 }}>
                  Use the chat feature to ask the AI Assistant questions about this project&apos;s
                  documents.
                </Typography>
                <Button
                  variant="contained"
                  component={RouterLink}
                  to={`/project/${project.id}/chat`}
                >
                  Open AI Assistant
                </Button>
              </CardContent>
            </Card>
          </Box>
        ) : (
          <Box
            role="tabpanel"
            id="project-tabpanel-documents"
            aria-labelledby="project-tab-documents"
          >
            <ProjectDocuments
              key={project.id}
              projectId={project.id}
              canEdit={permissions.canEdit}
            />
          </Box>
        )}
      </Box>

      <DeleteProjectDialog
        project={project}
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onDeleted={() => {
          deleted.current = true;
          void navigate('/dashboard', { replace: true });
        }}
      />
    </Box>
  );
}
