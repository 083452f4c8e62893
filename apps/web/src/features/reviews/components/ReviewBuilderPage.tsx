import {
  type CreateReviewRequest,
  REVIEW_COLUMN_TYPE_LABELS,
  REVIEW_MAX_COLUMNS,
  type ReviewColumnInput,
  type ReviewColumnType,
  reviewColumnTypes,
} from '@clearroom/contracts';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/baseQuery';
import { useToast } from '../../../components/toast/useToast';
import { useGetProjectFilesQuery } from '../../documents/api/documentsApi';
import { isAnalysed } from '../../documents/fileStatus';
import { ProjectGate } from '../../projects/components/ProjectGate';
import { projectPermissions } from '../../projects/projectPermissions';
import {
  useCreateReviewMutation,
  useCreateReviewTemplateMutation,
  useGetReviewTemplatesQuery,
} from '../api/reviewsApi';

type DocumentChoice = 'all' | 'selection' | 'filter';

const emptyColumn = (): ReviewColumnInput => ({ label: '', question: '', type: 'text' });

/** The documents a review of this choice covers: undefined for all of them (later ones too). */
export function chosenDocumentIds(
  choice: DocumentChoice,
  files: { id: number; originalname: string }[],
  selected: ReadonlySet<number>,
  filter: string,
): number[] | undefined {
  if (choice === 'all') return undefined;
  if (choice === 'selection') return files.filter((file) => selected.has(file.id)).map((f) => f.id);
  const text = filter.trim().toLowerCase();
  return files.filter((file) => file.originalname.toLowerCase().includes(text)).map((f) => f.id);
}

function ReviewBuilder({ projectId }: { projectId: number }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { data: templates = [] } = useGetReviewTemplatesQuery();
  const { data: files = [] } = useGetProjectFilesQuery(projectId);
  const analysed = files.filter(isAnalysed);
  const [createReview, { isLoading: creating }] = useCreateReviewMutation();
  const [createTemplate, { isLoading: saving }] = useCreateReviewTemplateMutation();
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [columns, setColumns] = useState<ReviewColumnInput[]>([emptyColumn()]);
  const [choice, setChoice] = useState<DocumentChoice>('all');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);

  const documentIds = chosenDocumentIds(choice, analysed, selected, filter);
  const setColumn = (index: number, change: Partial<ReviewColumnInput>) =>
    setColumns((current) => current.map((c, i) => (i === index ? { ...c, ...change } : c)));

  const applyTemplate = (id: string) => {
    setTemplateId(id);
    const template = templates.find((candidate) => candidate.id === id);
    if (!template) return;
    setColumns(template.columns.map((column) => ({ ...column })));
    if (!name.trim()) setName(template.name);
  };

  const submit = async () => {
    setError(null);
    if (documentIds?.length === 0) {
      setError('Choose at least one analysed document');
      return;
    }
    const body: CreateReviewRequest = { name, columns, ...(documentIds && { documentIds }) };
    try {
      const review = await createReview({ projectId, body }).unwrap();
      void navigate(`/project/${projectId}/reviews/${review.id}`);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to create the review'));
    }
  };

  const saveTemplate = async () => {
    setError(null);
    try {
      const template = await createTemplate({
        name: name.trim() || 'My columns',
        columns,
      }).unwrap();
      setTemplateId(template.id);
      toast({
        title: 'Success',
        description: `Saved as template "${template.name}"`,
        variant: 'success',
      });
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to save the template'));
    }
  };

  return (
    <Stack
      spacing={3}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Card variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={2}>
          <TextField
            label="Review name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            select
            label="Start from a template"
            value={templateId}
            onChange={(event) => applyTemplate(event.target.value)}
          >
            {templates.map((template) => (
              <MenuItem key={template.id} value={template.id}>
                {template.name}
                {template.builtIn ? '' : ' (mine)'}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Card>

      <Card variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Documents
        </Typography>
        <RadioGroup
          aria-label="Documents"
          value={choice}
          onChange={(event) => setChoice(event.target.value as DocumentChoice)}
        >
          <FormControlLabel
            value="all"
            control={<Radio />}
            label={`All documents (${analysed.length} analysed, and those uploaded later)`}
          />
          <FormControlLabel value="selection" control={<Radio />} label="A selection" />
          <FormControlLabel
            value="filter"
            control={<Radio />}
            label="Documents whose name contains…"
          />
        </RadioGroup>
        {choice === 'selection' && (
          <Box sx={{ maxHeight: 260, overflow: 'auto', pl: 4 }}>
            {analysed.map((file) => (
              <FormControlLabel
                key={file.id}
                sx={{ display: 'flex' }}
                control={
                  <Checkbox
                    checked={selected.has(file.id)}
                    onChange={(event) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (event.target.checked) next.add(file.id);
                        else next.delete(file.id);
                        return next;
                      })
                    }
                  />
                }
                label={file.originalname}
              />
            ))}
          </Box>
        )}
        {choice === 'filter' && (
          <TextField
            label="File name contains"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            helperText={`${documentIds?.length ?? 0} matching analysed documents`}
            sx={{ ml: 4, mt: 1 }}
          />
        )}
      </Card>

      <Card variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Columns
        </Typography>
        <Stack spacing={2}>
          {columns.map((column, index) => (
            <Stack
              key={index}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1}
              role="group"
              aria-label={`Column ${index + 1}`}
            >
              <TextField
                label="Label"
                value={column.label}
                onChange={(event) => setColumn(index, { label: event.target.value })}
                sx={{ minWidth: 180 }}
              />
              <TextField
                label="Question"
                value={column.question}
                onChange={(event) => setColumn(index, { question: event.target.value })}
                sx={{ flex: 1 }}
              />
              <TextField
                select
                label="Answer type"
                value={column.type}
                onChange={(event) =>
                  setColumn(index, { type: event.target.value as ReviewColumnType })
                }
                sx={{ minWidth: 180 }}
              >
                {reviewColumnTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {REVIEW_COLUMN_TYPE_LABELS[type]}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton
                aria-label={`Remove column ${index + 1}`}
                disabled={columns.length === 1}
                onClick={() => setColumns((current) => current.filter((_, i) => i !== index))}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            startIcon={<Add />}
            disabled={columns.length >= REVIEW_MAX_COLUMNS}
            onClick={() => setColumns((current) => [...current, emptyColumn()])}
          >
            Add column
          </Button>
          <Button disabled={saving} onClick={() => void saveTemplate()}>
            Save columns as template
          </Button>
        </Stack>
      </Card>

      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={creating}>
          Run review
        </Button>
      </Box>
    </Stack>
  );
}

export function ReviewBuilderPage() {
  return (
    <ProjectGate>
      {(project) => (
        <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
          <Typography variant="h4" component="h1">
            New review
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
            {project.name}
          </Typography>
          {projectPermissions(project.role).canEdit ? (
            <ReviewBuilder key={project.id} projectId={project.id} />
          ) : (
            <Alert severity="info" role="note">
              Viewers can&apos;t run reviews: ask an editor or an owner of this project.
            </Alert>
          )}
        </Box>
      )}
    </ProjectGate>
  );
}
