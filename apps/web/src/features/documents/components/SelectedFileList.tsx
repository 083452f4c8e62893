import Close from '@mui/icons-material/Close';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatMegabytes } from '../formatFileSize';
import type { SelectedFile } from '../hooks/useSelectedFiles';
import { FileTypeIcon } from './FileTypeIcon';

type SelectedFileListProps = {
  items: readonly SelectedFile[];
  onRemove: (key: number) => void;
  disabled?: boolean;
};

/** 'Selected Files (n)': thumbnail or type icon, name, size in MB, and a remove button. */
export function SelectedFileList({ items, onRemove, disabled = false }: SelectedFileListProps) {
  const titleId = useId();
  if (items.length === 0) return null;

  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" component="h3" sx={{ mt: 3 }}>
        Selected Files ({items.length})
      </Typography>
      <List dense aria-labelledby={titleId}>
        {items.map(({ key, file, previewUrl }) => (
          <ListItem
            key={key}
            disableGutters
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={`Remove ${file.name}`}
                onClick={() => onRemove(key)}
                disabled={disabled}
              >
                <Close />
              </IconButton>
            }
          >
            <ListItemAvatar>
              {previewUrl ? (
                <Avatar variant="rounded" src={previewUrl} alt="" />
              ) : (
                <Avatar variant="rounded" sx={{ bgcolor: 'action.hover' }}>
                  <FileTypeIcon mimetype={file.type} name={file.name} />
                </Avatar>
              )}
            </ListItemAvatar>
            <ListItemText
              primary={file.name}
              secondary={formatMegabytes(file.size)}
              slotProps={{ primary: { noWrap: true, title: file.name } }}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
