import type { CreateProjectRequest, DealFieldKey } from '@clearroom/contracts';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/useToast';
import { useCreateProjectMutation } from '../api/projectsApi';
import { DealFieldInput } from './DealFieldInput';

/** The optional section of the create form, in the spec's order (§2). */
const optionalFields = [
  'companyName',
  'industry',
  'businessModel',
  'ceoName',
  'ceoContact',
  'revenue',
  'profitMargin',
  'employeeCount',
  'valuation',
  'dealStage',
] as const satisfies readonly DealFieldKey[];

type OptionalField = (typeof optionalFields)[number];

const emptyOptional = Object.fromEntries(optionalFields.map((field) => [field, ''])) as Record<
  OptionalField,
  string
>;

export function CreateProjectPage() {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [details, setDetails] = useState(emptyOptional);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [createProject, { isLoading }] = useCreateProjectMutation();
  const { toast } = useToast();
  const navigate = useNavigate();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const trimmedName = name.trim();
    if (!trimmedName) {
      toast({
        title: 'Validation error',
        description: 'Project name is required',
        variant: 'destructive',
      });
      return;
    }
    const body: Record<string, string> = { name: trimmedName };
    if (description.trim()) body.description = description.trim();
    for (const field of optionalFields) {
      const value = details[field].trim();
      if (value) body[field] = value;
    }
    try {
      const project = await createProject(body as CreateProjectRequest).unwrap();
      toast({
        title: 'Project created',
        description: `"${project.name}" is ready.`,
        variant: 'success',
      });
      await navigate(`/project/${project.id}/deal-details`);
    } catch {
      toast({
        title: 'Failed to create project',
        description: 'An error occurred. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const setDetail = (field: DealFieldKey, value: string) =>
    setDetails((previous) => ({ ...previous, [field]: value }));

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Create Project
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        A project holds one deal: its details, its documents and the questions asked about them.
      </Typography>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" onSubmit={(event) => void handleSubmit(event)}>
            <Stack spacing={3}>
              <TextField
                id="project-name"
                label="Project Name"
                name="name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                required
                autoFocus
                disabled={isLoading}
              />
              <TextField
                id="project-description"
                label="Project Description"
                name="description"
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                multiline
                minRows={3}
                disabled={isLoading}
              />
              <Box>
                <Button
                  onClick={() => setDetailsOpen((open) => !open)}
                  aria-expanded={detailsOpen}
                  aria-controls="create-project-deal-details"
                  endIcon={detailsOpen ? <ExpandLess /> : <ExpandMore />}
                  sx={{ px: 0 }}
                >
                  Deal Details (Optional)
                </Button>
                <Collapse in={detailsOpen}>
                  <Grid
                    container
                    spacing={2}
                    id="create-project-deal-details"
                    sx={{ pt: 2 }}
                    role="group"
                    aria-label="Deal Details (Optional)"
                  >
                    {optionalFields.map((field) => (
                      <Grid key={field} size={{ xs: 12, sm: 6 }}>
                        <DealFieldInput
                          field={field}
                          value={details[field]}
                          onChange={setDetail}
                          disabled={isLoading}
                        />
                      </Grid>
                    ))}
                  </Grid>
                </Collapse>
              </Box>
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
                <Button component={RouterLink} to="/dashboard" disabled={isLoading}>
                  Cancel
                </Button>
                <Button type="submit" variant="contained" disabled={isLoading}>
                  {isLoading ? 'Creating Project...' : 'Create Project'}
                </Button>
              </Stack>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
