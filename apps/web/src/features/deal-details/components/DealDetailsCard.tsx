import {
  dealFieldKeys,
  type DealFieldKey,
  type Project,
  type UpdateProjectRequest,
} from '@clearroom/contracts';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { errorMessage, forbiddenMessage } from '../../../api/baseQuery';
import { useToast } from '../../../components/toast/useToast';
import { useUpdateProjectMutation } from '../../projects/api/projectsApi';
import { DealFieldInput } from '../../projects/components/DealFieldInput';
import { projectPermissions } from '../../projects/projectPermissions';
import {
  dealFieldGroups,
  dealFieldLabels,
  hasDealDetails,
  multilineDealFields,
} from '../../projects/dealFields';
import { useOpenDocumentInNewTab } from '../../viewer/useOpenDocumentInNewTab';
import { useExtractDealDetailsMutation } from '../api/dealExtractionApi';
import {
  applyExtraction,
  extractionSummary,
  type DealFormValues,
  type Extraction,
} from '../extraction';
import { ValuationText } from '../../projects/components/ValuationText';
import { ExtractedFieldNote } from './ExtractedFieldNote';

function toFormValues(project: Project): DealFormValues {
  return Object.fromEntries(
    dealFieldKeys.map((field) => [field, project[field] ?? '']),
  ) as DealFormValues;
}

/** Every field is sent: an empty one is sent as '' and cleared by the server. */
function toChanges(values: DealFormValues): UpdateProjectRequest {
  return Object.fromEntries(dealFieldKeys.map((field) => [field, values[field].trim()]));
}

/**
 * The 'Deal Details' card: empty state, read-only groups, or the edit form (spec §2, §4). AI
 * Extract fills the form with what the documents say, each value with its source, for review.
 */
export function DealDetailsCard({ project }: { project: Project }) {
  // Viewers read the details; editing and AI Extract need the editor role (the API says 403).
  const { canEdit } = projectPermissions(project.role);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<DealFormValues>(() => toFormValues(project));
  const [extraction, setExtraction] = useState<Extraction>({});
  const [updateProject, { isLoading: saving }] = useUpdateProjectMutation();
  const [extractDealDetails, { isLoading: extracting }] = useExtractDealDetailsMutation();
  const openDocument = useOpenDocumentInNewTab();
  const { toast } = useToast();

  const startEditing = () => {
    setValues(toFormValues(project));
    setExtraction({});
    setEditing(true);
  };

  const cancel = () => {
    setValues(toFormValues(project));
    setExtraction({});
    setEditing(false);
  };

  const extract = async () => {
    if (extracting) return;
    try {
      const response = await extractDealDetails(project.id).unwrap();
      // Into the form as it is (or as saved, when it is not open), never over a value unseen.
      const filled = applyExtraction(editing ? values : toFormValues(project), response);
      setValues(filled.values);
      setExtraction(filled.extraction);
      setEditing(true);
      toast({
        title: 'AI extraction completed',
        description: extractionSummary(response),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Extraction failed',
        description: errorMessage(error, 'Failed to extract deal details from documents'),
        variant: 'destructive',
      });
    }
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    try {
      await updateProject({ id: project.id, changes: toChanges(values) }).unwrap();
      toast({
        title: 'Deal details updated',
        description: 'The deal details have been saved.',
        variant: 'success',
      });
      setEditing(false);
      setExtraction({});
    } catch (error) {
      toast({
        title: 'Error updating deal details',
        description: forbiddenMessage(error, 'Failed to save project details'),
        variant: 'destructive',
      });
    }
  };

  const setValue = (field: DealFieldKey, value: string) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  const filled = hasDealDetails(project);

  const extractButton = (
    <Button
      startIcon={<AutoFixHighOutlined />}
      onClick={() => void extract()}
      disabled={extracting || saving}
    >
      {extracting ? 'Extracting...' : 'AI Extract'}
    </Button>
  );

  return (
    <Card component="section" aria-labelledby="deal-details-title">
      <CardHeader
        title="Deal Details"
        slotProps={{ title: { id: 'deal-details-title', component: 'h2', variant: 'h6' } }}
        action={
          !canEdit ? undefined : editing ? (
            extractButton
          ) : filled ? (
            <Stack direction="row" spacing={1}>
              {extractButton}
              <Button startIcon={<EditOutlined />} onClick={startEditing}>
                Edit
              </Button>
            </Stack>
          ) : undefined
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {editing && canEdit ? (
          <Box
            component="form"
            onSubmit={(event) => void save(event)}
            aria-label="Edit deal details"
          >
            <Stack spacing={3}>
              {dealFieldGroups.map((group) => (
                <Box key={group.title} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                  <Typography
                    component="legend"
                    variant="subtitle2"
                    color="text.secondary"
                    sx={{ mb: 1.5, p: 0 }}
                  >
                    {group.title}
                  </Typography>
                  <Grid container spacing={2}>
                    {group.fields.map((field) => (
                      <Grid
                        key={field}
                        size={{ xs: 12, sm: multilineDealFields.has(field) ? 12 : 6 }}
                      >
                        <DealFieldInput
                          field={field}
                          value={values[field]}
                          onChange={setValue}
                          disabled={saving || extracting}
                        />
                        {extraction[field] && (
                          <ExtractedFieldNote
                            label={dealFieldLabels[field]}
                            info={extraction[field]}
                            value={values[field]}
                            onChange={(value) => setValue(field, value)}
                            onOpenSource={(documentId, pageNumber) =>
                              void openDocument(documentId, pageNumber)
                            }
                          />
                        )}
                      </Grid>
                    ))}
                  </Grid>
                </Box>
              ))}
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={cancel} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" variant="contained" disabled={saving || extracting}>
                  {saving ? 'Saving...' : 'Save Details'}
                </Button>
              </Stack>
            </Stack>
          </Box>
        ) : filled ? (
          <Stack spacing={3}>
            {dealFieldGroups.map((group) => {
              const shown = group.fields.filter((field) => project[field]?.trim());
              if (shown.length === 0) return null;
              return (
                <Box key={group.title} component="section" aria-label={group.title}>
                  <Typography
                    variant="subtitle2"
                    component="h3"
                    color="text.secondary"
                    gutterBottom
                  >
                    {group.title}
                  </Typography>
                  <Grid container component="dl" spacing={2} sx={{ m: 0 }}>
                    {shown.map((field) => (
                      <Grid
                        key={field}
                        size={{ xs: 12, sm: multilineDealFields.has(field) ? 12 : 6 }}
                      >
                        <Typography component="dt" variant="caption" color="text.secondary">
                          {dealFieldLabels[field]}
                        </Typography>
                        <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                          {field === 'valuation' ? (
                            <ValuationText project={project} />
                          ) : (
                            project[field]
                          )}
                        </Typography>
                      </Grid>
                    ))}
                  </Grid>
                </Box>
              );
            })}
          </Stack>
        ) : !canEdit ? (
          <Box sx={{ py: 3, textAlign: 'center' }}>
            <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto' }}>
              No deal details have been recorded for this project yet.
            </Typography>
          </Box>
        ) : (
          <Box sx={{ py: 3, textAlign: 'center' }}>
            <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 520, mx: 'auto' }}>
              No deal details have been recorded for this project yet. Add what you know about the
              company, its leadership, its financials and the deal, or let AI Extract find them in
              the project&apos;s documents.
            </Typography>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
              <Button variant="contained" onClick={startEditing}>
                Add Details
              </Button>
              {extractButton}
            </Stack>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
