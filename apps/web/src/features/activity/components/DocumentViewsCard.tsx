import type { ProjectFile } from '@clearroom/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../activityFormat';
import { useGetDocumentViewsQuery } from '../api/activityApi';

/** "viewed by 4 people, last on 26/11/2026, 14:05" */
export function viewsSummary(viewers: number, lastViewedAt: string): string {
  const people = viewers === 1 ? '1 person' : `${viewers} people`;
  return `Viewed by ${people}, last on ${formatDateTime(lastViewedAt)}`;
}

type DocumentViewsCardProps = { projectId: number; files: readonly ProjectFile[] };

/** Per document: how many people opened or downloaded it, and when last (issue 17). */
export function DocumentViewsCard({ projectId, files }: DocumentViewsCardProps) {
  const { data, isError } = useGetDocumentViewsQuery(projectId);
  if (isError || !data) return null;
  const names = new Map(files.map((file) => [file.id, file.originalname]));
  // Documents since deleted are left out: their views stay in the log above.
  const documents = data.documents.filter((document) => names.has(document.documentId));

  return (
    <Card component="section" variant="outlined" aria-labelledby="document-views-title">
      <CardHeader
        title="Document views"
        slotProps={{
          title: { id: 'document-views-title', component: 'h2', variant: 'h6' },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        {documents.length === 0 ? (
          <Typography color="text.secondary">No document has been opened yet.</Typography>
        ) : (
          <List dense disablePadding aria-label="Document views">
            {documents.map((document) => (
              <ListItem key={document.documentId} disableGutters>
                <ListItemText
                  primary={names.get(document.documentId)}
                  secondary={viewsSummary(document.viewers, document.lastViewedAt)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
