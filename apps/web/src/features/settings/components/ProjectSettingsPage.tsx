import type { Project } from '@clearroom/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { forbiddenMessage } from '../../../api/baseQuery';
import { useToast } from '../../../components/toast/useToast';
import { MembersSection } from '../../members/components/MembersSection';
import { useUpdateProjectMutation } from '../../projects/api/projectsApi';
import { DeleteProjectDialog } from '../../projects/components/DeleteProjectDialog';
import { ProjectGate } from '../../projects/components/ProjectGate';
import { projectPermissions } from '../../projects/projectPermissions';

export function ProjectSettingsPage() {
  return (
    <ProjectGate>{(project) => <ProjectSettings key={project.id} project={project} />}</ProjectGate>
  );
}

function ProjectSettings({ project }: { project: Project }) {
  const [name, setName] = useState(project.name);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [updateProject, { isLoading: saving }] = useUpdateProjectMutation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { canEdit, canDelete } = projectPermissions(project.role);

  const rename = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const trimmed = name.trim();
    if (!trimmed) {
      toast({
        title: 'Invalid name',
        description: 'Project name cannot be empty.',
        variant: 'destructive',
      });
      return;
    }
    if (trimmed === project.name) {
      toast({ title: 'No changes', description: 'Project name is the same as current name.' });
      return;
    }
    try {
      await updateProject({ id: project.id, changes: { name: trimmed } }).unwrap();
      setName(trimmed);
      toast({
        title: 'Project updated',
        description: `The project is now called "${trimmed}".`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Update failed',
        description: forbiddenMessage(error, 'Failed to update project name.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h4" component="h1">
        Project Settings
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {project.name}
      </Typography>
      <Stack spacing={3}>
        <Card component="section" aria-labelledby="project-name-title">
          <CardHeader
            title="Project Name"
            slotProps={{ title: { id: 'project-name-title', component: 'h2', variant: 'h6' } }}
          />
          <CardContent sx={{ pt: 0 }}>
            <Box
              component="form"
              onSubmit={(event) => void rename(event)}
              sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}
            >
              <TextField
                id="project-settings-name"
                label="Name"
                name="name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                disabled={saving}
                slotProps={{ htmlInput: { readOnly: !canEdit } }}
                helperText={canEdit ? undefined : "Viewers can't rename the project."}
              />
              {canEdit && (
                <Button
                  type="submit"
                  variant="contained"
                  disabled={saving}
                  sx={{ flexShrink: 0, alignSelf: { sm: 'center' } }}
                >
                  {saving ? 'Updating...' : 'Update Name'}
                </Button>
              )}
            </Box>
          </CardContent>
        </Card>

        <MembersSection projectId={project.id} />

        {canDelete && (
          <Card
            component="section"
            aria-labelledby="danger-zone-title"
            sx={{ borderColor: 'error.light' }}
          >
            <CardHeader
              title="Danger Zone"
              slotProps={{
                title: { id: 'danger-zone-title', component: 'h2', variant: 'h6', color: 'error' },
              }}
            />
            <CardContent sx={{ pt: 0 }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
              >
                <Typography color="text.secondary">
                  Deleting a project cannot be undone. It removes all of its files, documents and
                  Q&amp;A history.
                </Typography>
                <Button
                  color="error"
                  variant="outlined"
                  onClick={() => setConfirmOpen(true)}
                  sx={{ flexShrink: 0 }}
                >
                  Delete Project
                </Button>
              </Stack>
            </CardContent>
          </Card>
        )}
      </Stack>
      <DeleteProjectDialog
        project={project}
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onDeleted={() => void navigate('/dashboard', { replace: true })}
      />
    </Box>
  );
}
