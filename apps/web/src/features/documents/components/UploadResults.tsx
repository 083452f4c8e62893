import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { FileResult } from '../upload/summarizeUpload';

const shown = {
  uploaded: { label: 'Uploaded', icon: <CheckCircleOutlined color="success" /> },
  duplicate: { label: 'Already in this project', icon: <InfoOutlined color="info" /> },
  refused: { label: 'Not uploaded', icon: <ErrorOutlineOutlined color="error" /> },
} as const;

/** What happened to each file of the last upload: uploaded, already there, or refused (why: above). */
export function UploadResults({ results }: { results: readonly FileResult[] }) {
  if (results.length === 0) return null;
  return (
    <List dense aria-label="Upload results" sx={{ mt: 2 }}>
      {results.map((result, index) => (
        <ListItem key={index} disableGutters>
          <ListItemIcon sx={{ minWidth: 36 }} aria-hidden>
            {shown[result.outcome].icon}
          </ListItemIcon>
          <ListItemText
            primary={result.name}
            secondary={shown[result.outcome].label}
            slotProps={{ primary: { noWrap: true, title: result.name } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
