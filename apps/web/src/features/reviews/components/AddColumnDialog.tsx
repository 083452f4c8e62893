import {
  REVIEW_COLUMN_TYPE_LABELS,
  type ReviewColumnInput,
  type ReviewColumnType,
  reviewColumnTypes,
} from '@clearroom/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/baseQuery';
import { useAddReviewColumnMutation } from '../api/reviewsApi';

type AddColumnDialogProps = { reviewId: number; onAdded: () => void; onClose: () => void };

/** One more question for an existing grid: only its cells are answered. */
export function AddColumnDialog({ reviewId, onAdded, onClose }: AddColumnDialogProps) {
  const [addColumn, { isLoading }] = useAddReviewColumnMutation();
  const [column, setColumn] = useState<ReviewColumnInput>({
    label: '',
    question: '',
    type: 'text',
  });
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await addColumn({ reviewId, column }).unwrap();
      onAdded();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not add the column'));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-column-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="add-column-title">Add a column</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Label"
              value={column.label}
              onChange={(event) => setColumn({ ...column, label: event.target.value })}
              autoFocus
            />
            <TextField
              label="Question"
              value={column.question}
              onChange={(event) => setColumn({ ...column, question: event.target.value })}
              multiline
            />
            <TextField
              select
              label="Answer type"
              value={column.type}
              onChange={(event) =>
                setColumn({ ...column, type: event.target.value as ReviewColumnType })
              }
            >
              {reviewColumnTypes.map((type) => (
                <MenuItem key={type} value={type}>
                  {REVIEW_COLUMN_TYPE_LABELS[type]}
                </MenuItem>
              ))}
            </TextField>
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Add and run
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
