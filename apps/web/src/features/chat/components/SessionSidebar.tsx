import type { ChatSession } from '@clearroom/contracts';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { SessionItem } from './SessionItem';

type SessionSidebarProps = {
  sessions: ChatSession[];
  isLoading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  selectedId: number | null;
  creating: boolean;
  onCreate: () => void;
  onSelect: (session: ChatSession) => void;
  onRename: (session: ChatSession, name: string) => void;
  onDelete: (session: ChatSession) => void;
};

/** The chat sessions of a project, newest first, with 'New Chat' (spec §2 Chat page). */
export function SessionSidebar({
  sessions,
  isLoading,
  loadFailed,
  onRetry,
  selectedId,
  creating,
  onCreate,
  onSelect,
  onRename,
  onDelete,
}: SessionSidebarProps) {
  return (
    <Box
      component="nav"
      aria-label="Chat sessions"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <Box sx={{ p: 1.5 }}>
        <Button
          fullWidth
          variant="contained"
          startIcon={creating ? <CircularProgress size={16} color="inherit" /> : <Add />}
          onClick={onCreate}
          disabled={creating}
        >
          New Chat
        </Button>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {isLoading ? (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={24} aria-label="Loading chat sessions" />
          </Box>
        ) : loadFailed ? (
          <Box sx={{ px: 2, py: 2, textAlign: 'center' }}>
            <Typography variant="body2" color="error" sx={{ mb: 1 }}>
              Could not load the chat sessions.
            </Typography>
            <Button size="small" onClick={onRetry}>
              Try Again
            </Button>
          </Box>
        ) : sessions.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
            No chats yet.
          </Typography>
        ) : (
          <List dense aria-label="Chat session list" disablePadding>
            {sessions.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                selected={session.id === selectedId}
                onSelect={() => onSelect(session)}
                onRename={(name) => onRename(session, name)}
                onDelete={() => onDelete(session)}
              />
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}
