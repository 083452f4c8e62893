import {
  activityActionLabels,
  activityActions,
  type ActivityAction,
  type ActivityEntry,
} from '@clearroom/contracts';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../api/baseQuery';
import { PageLoading } from '../../../components/PageLoading';
import { useGetProjectFilesQuery } from '../../documents/api/documentsApi';
import { useGetMembersQuery } from '../../members/api/membersApi';
import { ProjectGate } from '../../projects/components/ProjectGate';
import { projectPermissions } from '../../projects/projectPermissions';
import {
  activityExportUrl,
  useGetActivityInfiniteQuery,
  type ActivityFilters,
} from '../api/activityApi';
import { actionLabel, actorLabel, describeActivity, formatDateTime } from '../activityFormat';
import { DocumentViewsCard } from './DocumentViewsCard';

/** /project/:id/activity — who did what, when, from where (issue 17); owners and editors. */
export function ActivityPage() {
  return (
    <ProjectGate>
      {(project) => (
        <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
          <Typography variant="h4" component="h1">
            Activity
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
            {project.name}
          </Typography>
          {projectPermissions(project.role).canReadActivity ? (
            <ActivityLog key={project.id} projectId={project.id} />
          ) : (
            <Alert severity="info" role="note">
              Viewers can&apos;t read the activity log: ask an owner of this project.
            </Alert>
          )}
        </Box>
      )}
    </ProjectGate>
  );
}

type Option = { id: number; label: string };

/** The selects show their 'any' choice ('Anyone', 'Any action', …) rather than an empty box. */
const anyOption = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

/** Options from what is known now plus what the log names (removed members, deleted documents). */
function mergeOptions(known: Option[], fromLog: (Option | null)[]): Option[] {
  const byId = new Map(known.map((option) => [option.id, option]));
  for (const option of fromLog) if (option && !byId.has(option.id)) byId.set(option.id, option);
  return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label));
}

function ActivityLog({ projectId }: { projectId: number }) {
  const [filters, setFilters] = useState<ActivityFilters>({});
  const {
    data,
    isLoading,
    isError,
    error,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
  } = useGetActivityInfiniteQuery({ projectId, filters });
  const { data: members } = useGetMembersQuery(projectId);
  const { data: files } = useGetProjectFilesQuery(projectId);

  const entries = useMemo(() => data?.pages.flatMap((page) => page.entries) ?? [], [data]);
  const people = mergeOptions(
    (members?.members ?? []).map((member) => ({ id: member.userId, label: member.username })),
    entries.map((entry) =>
      entry.actor ? { id: entry.actor.id, label: entry.actor.username } : null,
    ),
  );
  const documents = mergeOptions(
    (files ?? []).map((file) => ({ id: file.id, label: file.originalname })),
    entries.map((entry) =>
      entry.document ? { id: entry.document.id, label: entry.document.name } : null,
    ),
  );
  const filtered = Object.values(filters).some((value) => value !== undefined);

  const numberOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        role="group"
        aria-label="Filters"
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
      >
        <TextField
          select
          size="small"
          label="Person"
          slotProps={anyOption}
          value={filters.actor ?? ''}
          onChange={(event) =>
            setFilters({ ...filters, actor: numberOrUndefined(event.target.value) })
          }
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="">Anyone</MenuItem>
          {people.map((person) => (
            <MenuItem key={person.id} value={person.id}>
              {person.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Action"
          slotProps={anyOption}
          value={filters.action ?? ''}
          onChange={(event) =>
            setFilters({
              ...filters,
              action:
                event.target.value === '' ? undefined : (event.target.value as ActivityAction),
            })
          }
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">Any action</MenuItem>
          {activityActions.map((action) => (
            <MenuItem key={action} value={action}>
              {activityActionLabels[action]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Document"
          slotProps={anyOption}
          value={filters.documentId ?? ''}
          onChange={(event) =>
            setFilters({ ...filters, documentId: numberOrUndefined(event.target.value) })
          }
          sx={{ minWidth: 200, maxWidth: { md: 300 } }}
        >
          <MenuItem value="">Any document</MenuItem>
          {documents.map((document) => (
            <MenuItem key={document.id} value={document.id}>
              {document.label}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        {filtered && (
          <Button onClick={() => setFilters({})} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
            Clear filters
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          href={activityExportUrl(projectId, filters)}
          download
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          Export CSV
        </Button>
      </Stack>

      <Card variant="outlined">
        {isLoading ? (
          <PageLoading fullScreen={false} />
        ) : isError && entries.length === 0 ? (
          <CardContent>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void refetch()}>
                  Try Again
                </Button>
              }
            >
              {errorMessage(error, 'Could not load the activity log')}
            </Alert>
          </CardContent>
        ) : entries.length === 0 ? (
          <CardContent sx={{ py: 5, textAlign: 'center' }}>
            <Typography color="text.secondary">
              {filtered ? 'No activity matches these filters.' : 'No activity recorded yet.'}
            </Typography>
          </CardContent>
        ) : (
          <>
            <TableContainer>
              <Table size="small" aria-label="Activity log">
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: 160 }}>When</TableCell>
                    <TableCell sx={{ width: 180 }}>Who</TableCell>
                    <TableCell>Action</TableCell>
                    <TableCell>Document</TableCell>
                    <TableCell sx={{ width: 140 }}>Address</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {entries.map((entry) => (
                    <ActivityRow key={entry.id} entry={entry} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Stack
              direction="row"
              spacing={2}
              sx={{ alignItems: 'center', justifyContent: 'space-between', p: 2 }}
            >
              <Typography variant="body2" color="text.secondary" role="status">
                {entries.length} {entries.length === 1 ? 'entry' : 'entries'} shown
                {hasNextPage ? '' : ' (all)'}
              </Typography>
              {hasNextPage && (
                <Button
                  variant="outlined"
                  onClick={() => void fetchNextPage()}
                  disabled={isFetchingNextPage}
                  startIcon={
                    isFetchingNextPage ? <CircularProgress size={16} aria-hidden /> : undefined
                  }
                >
                  {isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              )}
            </Stack>
            {isError && (
              <Alert severity="warning" sx={{ m: 2, mt: 0 }}>
                {errorMessage(error, 'Could not load more of the activity log')}
              </Alert>
            )}
          </>
        )}
      </Card>

      <DocumentViewsCard projectId={projectId} files={files ?? []} />
    </Stack>
  );
}

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const description = describeActivity(entry);
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{actorLabel(entry)}</TableCell>
      <TableCell>
        {actionLabel(entry.action)}
        {description && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {description}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.document?.name ?? '—'}</TableCell>
      <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem', overflowWrap: 'anywhere' }}>
        {entry.address ?? '—'}
      </TableCell>
    </TableRow>
  );
}
