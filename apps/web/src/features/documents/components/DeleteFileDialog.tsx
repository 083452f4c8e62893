import type { ProjectFile } from '@clearroom/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage } from '../../../api/baseQuery';
import { useToast } from '../../../components/toast/useToast';
import { useDeleteFileMutation } from '../api/documentsApi';

type DeleteFileDialogProps = {
  file: ProjectFile;
  projectId: number;
  open: boolean;
  onClose: () => void;
};

/** Asks before deleting a file (spec §5), then says how it went (spec §8). */
export function DeleteFileDialog({ file, projectId, open, onClose }: DeleteFileDialogProps) {
  const [deleteFile, { isLoading }] = useDeleteFileMutation();
  const { toast } = useToast();

  const confirm = async () => {
    try {
      await deleteFile({ id: file.id, projectId }).unwrap();
      toast({ title: 'Success', description: 'File deleted successfully', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to delete file'),
        variant: 'destructive',
      });
    }
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : onClose}
      aria-labelledby="delete-file-title"
      aria-describedby="delete-file-description"
    >
      <DialogTitle id="delete-file-title">Delete this file?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-file-description" sx={{ overflowWrap: 'anywhere' }}>
          Are you sure you want to delete &quot;{file.originalname}&quot;? This action cannot be
          undone and will remove all associated document chunks.
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
