import type { ProjectMember } from '@clearroom/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage } from '../../../api/baseQuery';
import { useToast } from '../../../components/toast/useToast';
import { useRemoveMemberMutation } from '../api/membersApi';

type RemoveMemberDialogProps = {
  projectId: number;
  member: ProjectMember;
  open: boolean;
  onClose: () => void;
};

/** Asks before removing a member, then says how it went. */
export function RemoveMemberDialog({ projectId, member, open, onClose }: RemoveMemberDialogProps) {
  const [removeMember, { isLoading }] = useRemoveMemberMutation();
  const { toast } = useToast();

  const confirm = async () => {
    try {
      await removeMember({ projectId, userId: member.userId }).unwrap();
      toast({
        title: 'Member removed',
        description: `${member.username} can no longer open this project.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Could not remove member',
        description: errorMessage(error, 'Failed to remove the member. Please try again.'),
        variant: 'destructive',
      });
    }
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : onClose}
      aria-labelledby="remove-member-title"
      aria-describedby="remove-member-description"
    >
      <DialogTitle id="remove-member-title">Remove this member?</DialogTitle>
      <DialogContent>
        <DialogContentText id="remove-member-description" sx={{ overflowWrap: 'anywhere' }}>
          &ldquo;{member.username}&rdquo; loses access to this project at once, including links to
          its documents already opened and answers still streaming.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={isLoading}
        >
          {isLoading ? 'Removing...' : 'Remove'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
