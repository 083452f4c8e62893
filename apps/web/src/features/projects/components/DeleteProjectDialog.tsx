import type { Project } from '@clearroom/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { forbiddenMessage } from '../../../api/baseQuery';
import { useToast } from '../../../components/toast/useToast';
import { useDeleteProjectMutation } from '../api/projectsApi';

type DeleteProjectDialogProps = {
  project: Project;
  open: boolean;
  onClose: () => void;
  /** Called after the server confirmed the deletion (the caller leaves the project's pages). */
  onDeleted: () => void;
};

export function DeleteProjectDialog({
  project,
  open,
  onClose,
  onDeleted,
}: DeleteProjectDialogProps) {
  const [deleteProject, { isLoading }] = useDeleteProjectMutation();
  const { toast } = useToast();

  const confirm = async () => {
    try {
      await deleteProject(project.id).unwrap();
      toast({
        title: 'Project deleted',
        description: `"${project.name}" has been deleted.`,
        variant: 'success',
      });
      onDeleted();
    } catch (error) {
      toast({
        title: 'Delete failed',
        description: forbiddenMessage(error, 'Failed to delete the project. Please try again.'),
        variant: 'destructive',
      });
      onClose();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : onClose}
      aria-labelledby="delete-project-title"
      aria-describedby="delete-project-description"
    >
      <DialogTitle id="delete-project-title">Delete this project?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-project-description">
          This action cannot be undone. Deleting &ldquo;{project.name}&rdquo; permanently removes
          all of its files, documents and Q&amp;A history.
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
          {isLoading ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
