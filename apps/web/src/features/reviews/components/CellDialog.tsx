import { cellText, type ReviewCell, type ReviewColumn, type ReviewRow } from '@clearroom/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { UpdateReviewCellRequest } from '@clearroom/contracts';
import { errorMessage } from '../../../api/baseQuery';
import { useUpdateCellMutation } from '../api/reviewsApi';
import { confidenceLabel } from '../reviewFormat';

type CellDialogProps = {
  reviewId: number;
  row: ReviewRow;
  column: ReviewColumn;
  cell: ReviewCell;
  /** Viewers see the review work but can't change it (the API answers 403). */
  readOnly?: boolean;
  onOpenCitation: () => void;
  onClose: () => void;
};

/** One cell's review work: the answer and its source, verify, correct (the original is kept), flag, comment. */
export function CellDialog({
  reviewId,
  row,
  column,
  cell,
  readOnly = false,
  onOpenCitation,
  onClose,
}: CellDialogProps) {
  const [updateCell, { isLoading }] = useUpdateCellMutation();
  const [value, setValue] = useState(cell.value ?? '');
  const [comment, setComment] = useState(cell.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const pending = cell.status === 'pending';
  const citation = cell.citations[0];
  const confidence = confidenceLabel(cell.confidence);

  const save = async (changes: UpdateReviewCellRequest) => {
    setError(null);
    try {
      await updateCell({
        reviewId,
        documentId: row.documentId,
        columnId: column.id,
        changes,
      }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to save the cell'));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="cell-dialog-title">
      <DialogTitle id="cell-dialog-title">
        {column.label} · {row.originalname}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">{column.question}</Typography>
          <Typography variant="h6" component="p" data-testid="cell-dialog-value">
            {cellText(cell)}
          </Typography>
          {cell.edited && (
            <Typography color="text.secondary">
              Corrected by a reviewer. Original answer: {cell.originalValue ?? 'Not found'}
            </Typography>
          )}
          {confidence && <Typography variant="body2">Confidence: {confidence}</Typography>}
          {cell.answer && (
            <Typography
              component="blockquote"
              sx={{ m: 0, pl: 2, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-wrap' }}
            >
              {cell.answer}
            </Typography>
          )}
          {citation && (
            <div>
              <Button onClick={onOpenCitation}>Open page {citation.pageNumber}</Button>
            </div>
          )}
          <Stack direction="row" spacing={2}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={cell.verified}
                  disabled={readOnly || pending || isLoading}
                  onChange={(event) => void save({ verified: event.target.checked })}
                />
              }
              label="Verified"
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={cell.flagged}
                  disabled={readOnly || isLoading}
                  onChange={(event) => void save({ flagged: event.target.checked })}
                />
              }
              label="Flagged"
            />
          </Stack>
          {readOnly ? (
            cell.comment && (
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>Comment: {cell.comment}</Typography>
            )
          ) : (
            <>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label="Corrected value"
                  value={value}
                  disabled={pending}
                  onChange={(event) => setValue(event.target.value)}
                  sx={{ flex: 1 }}
                />
                <Button
                  disabled={pending || isLoading || !value.trim() || value === (cell.value ?? '')}
                  onClick={() => void save({ value })}
                >
                  Save value
                </Button>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label="Comment"
                  value={comment}
                  multiline
                  onChange={(event) => setComment(event.target.value)}
                  sx={{ flex: 1 }}
                />
                <Button
                  disabled={isLoading || comment === (cell.comment ?? '')}
                  onClick={() => void save({ comment })}
                >
                  Save comment
                </Button>
              </Stack>
            </>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
