import { CHAT_NAME_MAX_LENGTH, type ChatSession } from '@clearroom/contracts';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';

export const EMPTY_NAME_MESSAGE = 'Session name is required';

type SessionItemProps = {
  session: ChatSession;
  selected: boolean;
  onSelect: () => void;
  /** Saves a new name (already trimmed, non-empty and different). */
  onRename: (name: string) => void;
  onDelete: () => void;
};

/**
 * One chat session in the list: selects on click; renames inline (Enter saves, Escape cancels,
 * a blank name is refused) and asks to be deleted.
 */
export function SessionItem({ session, selected, onSelect, onRename, onDelete }: SessionItemProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const editing = draft !== null;

  const startEditing = () => {
    setDraft(session.name);
    setInvalid(false);
  };
  const cancel = () => {
    setDraft(null);
    setInvalid(false);
  };
  const save = () => {
    const name = (draft ?? '').trim();
    if (!name) {
      setInvalid(true);
      return;
    }
    setDraft(null);
    if (name !== session.name) onRename(name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save();
  };
  // Leaving the field (not for its own buttons) cancels, as Escape does.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) cancel();
  };

  if (editing) {
    return (
      <ListItem disablePadding sx={{ px: 1, py: 0.5 }}>
        <Box
          component="form"
          onSubmit={onSubmit}
          onBlur={onBlur}
          aria-label={`Rename ${session.name}`}
          sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, width: '100%' }}
        >
          <TextField
            size="small"
            autoFocus
            fullWidth
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setInvalid(false);
            }}
            onKeyDown={onKeyDown}
            error={invalid}
            helperText={invalid ? EMPTY_NAME_MESSAGE : undefined}
            slotProps={{
              htmlInput: { maxLength: CHAT_NAME_MAX_LENGTH, 'aria-label': 'Session name' },
            }}
          />
          {/* Pressing these keeps the focus in the field (some browsers do not focus buttons). */}
          <IconButton
            type="submit"
            size="small"
            aria-label="Save name"
            onMouseDown={(event) => event.preventDefault()}
          >
            <Check fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label="Cancel rename"
            onMouseDown={(event) => event.preventDefault()}
            onClick={cancel}
          >
            <Close fontSize="small" />
          </IconButton>
        </Box>
      </ListItem>
    );
  }

  return (
    <ListItem
      disablePadding
      secondaryAction={
        <Box className="session-actions" sx={{ display: 'flex' }}>
          <Tooltip title="Rename">
            <IconButton size="small" aria-label={`Rename ${session.name}`} onClick={startEditing}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton size="small" aria-label={`Delete ${session.name}`} onClick={onDelete}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      }
      sx={{
        '& .MuiListItemButton-root': { pr: 10 },
        // With a mouse, the actions show on hover and focus (always on the selected session).
        '@media (hover: hover)': {
          '& .session-actions': { opacity: selected ? 1 : 0, transition: 'opacity 120ms' },
          '&:hover .session-actions, &:focus-within .session-actions': { opacity: 1 },
        },
      }}
    >
      {/* A long name is cut: the whole name shows on hover and on keyboard focus. */}
      <Tooltip title={session.name} placement="bottom-start" describeChild>
        <ListItemButton
          selected={selected}
          aria-current={selected ? 'true' : undefined}
          onClick={onSelect}
        >
          <ListItemIcon sx={{ minWidth: 32 }}>
            <ChatBubbleOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={session.name} slotProps={{ primary: { noWrap: true } }} />
        </ListItemButton>
      </Tooltip>
    </ListItem>
  );
}
