import type { ChatSession } from '@clearroom/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';

type DeleteSessionDialogProps = {
  session: ChatSession | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (session: ChatSession) => void;
};

/** Spec §5: deleting a chat session asks for confirmation. */
export function DeleteSessionDialog({
  session,
  deleting,
  onCancel,
  onConfirm,
}: DeleteSessionDialogProps) {
  // The name stays on screen while the dialog fades out after closing.
  const [shown, setShown] = useState(session);
  if (session && session !== shown) setShown(session);

  return (
    <Dialog
      open={session !== null}
      onClose={deleting ? undefined : onCancel}
      aria-labelledby="delete-session-title"
      aria-describedby="delete-session-description"
    >
      <DialogTitle id="delete-session-title">Delete this chat?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-session-description" sx={{ overflowWrap: 'anywhere' }}>
          Are you sure you want to delete &quot;{shown?.name}&quot;? Its questions and answers will
          be removed. This action cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={deleting || session === null}
          onClick={() => session && onConfirm(session)}
        >
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
