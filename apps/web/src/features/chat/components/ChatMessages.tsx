import type { ChatHistoryEntry, Citation } from '@clearroom/contracts';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { PendingAnswer } from '../hooks/useAskQuestion';
import { AnswerText } from './AnswerText';
import { SourceList } from './SourceList';

export const ANALYZING_MESSAGE = 'Analyzing your documents...';

export type OpenSourceHandlers = {
  onOpenCitation: (citation: Citation) => void;
  onOpenSource: (source: string, citation: Citation | undefined) => void;
};

type ChatMessagesProps = OpenSourceHandlers & {
  history: readonly ChatHistoryEntry[];
  pending: PendingAnswer | null;
};

/** The conversation of a session: each question and its answer, then the one being answered. */
export function ChatMessages({
  history,
  pending,
  onOpenCitation,
  onOpenSource,
}: ChatMessagesProps) {
  return (
    <Stack
      spacing={2}
      component="ol"
      aria-label="Conversation"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {history.map((entry) => (
        <Box component="li" key={entry.id}>
          <QuestionBubble text={entry.question} />
          <AnswerBubble>
            <AnswerText
              text={entry.answer}
              citations={entry.citations}
              onOpenCitation={onOpenCitation}
            />
            <SourceList
              sources={entry.sources}
              citations={entry.citations}
              onOpenSource={onOpenSource}
            />
          </AnswerBubble>
        </Box>
      ))}
      {pending && (
        <Box component="li" aria-busy="true">
          <QuestionBubble text={pending.question} />
          <AnswerBubble>
            {pending.streaming ? (
              <AnswerText
                text={pending.answer}
                citations={pending.citations}
                onOpenCitation={onOpenCitation}
              />
            ) : (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
                <CircularProgress size={16} aria-hidden />
                <Typography color="text.secondary">{ANALYZING_MESSAGE}</Typography>
              </Stack>
            )}
          </AnswerBubble>
        </Box>
      )}
    </Stack>
  );
}

function QuestionBubble({ text }: { text: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
      <Paper
        elevation={0}
        data-testid="question"
        sx={{
          maxWidth: '85%',
          px: 2,
          py: 1.25,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderRadius: 2,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {text}
      </Paper>
    </Box>
  );
}

function AnswerBubble({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <AutoAwesomeOutlined color="primary" fontSize="small" sx={{ mt: 1.25 }} aria-hidden />
      <Paper
        variant="outlined"
        data-testid="answer"
        sx={{ maxWidth: '90%', minWidth: 0, px: 2, py: 1.25, borderRadius: 2 }}
      >
        {children}
      </Paper>
    </Box>
  );
}
