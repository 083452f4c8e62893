import { QUESTION_MAX_LENGTH } from '@clearroom/contracts';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { FormEvent, KeyboardEvent } from 'react';

export const QUESTION_PLACEHOLDER = 'Ask a question about your documents...';

type ChatComposerProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** No session selected: the field is disabled (the button still explains why on click). */
  hasSession: boolean;
  /** A question is being answered: nothing can be sent meanwhile. */
  busy: boolean;
  /** Why the question in the field got no answer (the server's words), shown under it. */
  failureReason?: string | null;
};

/** The question field: Enter sends, Shift+Enter starts a new line (spec §2, §5). */
export function ChatComposer({
  value,
  onChange,
  onSend,
  hasSession,
  busy,
  failureReason = null,
}: ChatComposerProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!busy) onSend();
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      aria-label="Ask a question"
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-end',
        p: 2,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <TextField
        fullWidth
        multiline
        maxRows={6}
        size="small"
        placeholder={QUESTION_PLACEHOLDER}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={!hasSession || busy}
        error={failureReason !== null}
        helperText={failureReason === null ? undefined : `Not answered: ${failureReason}`}
        slotProps={{
          htmlInput: { maxLength: QUESTION_MAX_LENGTH, 'aria-label': 'Question' },
        }}
      />
      <Tooltip title="Send">
        <span>
          <IconButton type="submit" color="primary" aria-label="Send" disabled={busy}>
            <Send />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
