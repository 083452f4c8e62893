import type { ChatHistoryEntry, Citation } from '@clearroom/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../api/api';
import { useAppDispatch } from '../../../app/hooks';
import { useToast } from '../../../components/toast/useToast';
import { appendCachedHistoryEntry, renameCachedSession } from '../api/chatApi';
import { toConversationHistory } from '../conversation';
import { AskError, askStream } from '../stream/askStream';

export const ASK_FAILED_MESSAGE = 'Failed to get response. Please try again.';

/** The question being answered, shown below the session's history until it is stored. */
export type PendingAnswer = {
  sessionId: number;
  question: string;
  /** The text streamed so far. */
  answer: string;
  /** False until the first chunk arrives ('Analyzing your documents...' meanwhile). */
  streaming: boolean;
  /** The passages given to the answerer (metadata): the `[n]` of the live text point to them. */
  citations: Citation[];
  sources: string[];
};

/** Why the last question of a session got no answer, in the server's words. */
export type AskFailure = { sessionId: number; reason: string };

/**
 * Asks questions through the ask stream (spec §4 Chat): one at a time, streamed into `pending`,
 * then stored in the cached history on `complete`. On an error the pending message goes and the
 * spec's toast says 'Error' / 'Failed to get response. Please try again.'; the server's reason,
 * when it gave one, is kept in `failure` for the page to show beside the question. The request
 * is aborted when the page unmounts or by `cancel` (a deleted session).
 */
export function useAskQuestion(projectId: number) {
  const dispatch = useAppDispatch();
  const { toast } = useToast();
  const [pending, setPending] = useState<PendingAnswer | null>(null);
  const [failure, setFailure] = useState<AskFailure | null>(null);
  const current = useRef<{ controller: AbortController; sessionId: number } | null>(null);

  useEffect(
    () => () => {
      current.current?.controller.abort();
      current.current = null;
    },
    [],
  );

  /** Aborts the question under way (only the one for `sessionId`, when given). */
  const cancel = useCallback((sessionId?: number) => {
    const active = current.current;
    if (!active || (sessionId !== undefined && active.sessionId !== sessionId)) return;
    active.controller.abort();
    current.current = null;
    setPending(null);
  }, []);

  /** Asks `question` in a session; resolves true once the answer is stored, else false. */
  const ask = useCallback(
    async (
      sessionId: number,
      question: string,
      history: readonly ChatHistoryEntry[],
    ): Promise<boolean> => {
      current.current?.controller.abort();
      const controller = new AbortController();
      current.current = { controller, sessionId };
      const isCurrent = () => current.current?.controller === controller;
      setFailure(null);
      const update = (change: (answer: PendingAnswer) => PendingAnswer) => {
        if (isCurrent()) setPending((answer) => (answer ? change(answer) : answer));
      };

      setPending({
        sessionId,
        question,
        answer: '',
        streaming: false,
        citations: [],
        sources: [],
      });

      // Set from the event callback (an object, so the checks after the stream read them fresh).
      const outcome: { completed: boolean; failure: AskError | null } = {
        completed: false,
        failure: null,
      };
      try {
        await askStream(
          {
            project_id: projectId,
            sessionId,
            question,
            conversation_history: toConversationHistory(history),
          },
          {
            signal: controller.signal,
            onEvent: (event) => {
              if (!isCurrent() || outcome.completed || outcome.failure) return;
              switch (event.type) {
                case 'metadata':
                  update((answer) => ({
                    ...answer,
                    citations: event.citations,
                    sources: event.sources,
                  }));
                  break;
                case 'chunk':
                  update((answer) => ({
                    ...answer,
                    answer: answer.answer + event.content,
                    streaming: true,
                  }));
                  break;
                case 'session_updated':
                  dispatch(renameCachedSession(projectId, event.sessionId, event.sessionName));
                  break;
                case 'complete':
                  outcome.completed = true;
                  dispatch(appendCachedHistoryEntry(event.entry));
                  setPending(null);
                  break;
                case 'error':
                  outcome.failure = new AskError(event.error, true, undefined, event.code);
                  break;
              }
            },
          },
        );
        if (outcome.failure) throw outcome.failure;
        if (!outcome.completed) throw new AskError('The answer stream ended early', false);
        return true;
      } catch (error) {
        if (controller.signal.aborted || !isCurrent()) return false;
        if (error instanceof AskError && error.status === 401) {
          // The session has ended: the current user is refetched and the app goes to /login.
          dispatch(api.util.invalidateTags(['User']));
        }
        setPending(null);
        if (error instanceof AskError && error.fromServer) {
          setFailure({ sessionId, reason: error.message });
        }
        toast({ title: 'Error', description: ASK_FAILED_MESSAGE, variant: 'destructive' });
        return false;
      } finally {
        if (isCurrent()) current.current = null;
      }
    },
    [dispatch, projectId, toast],
  );

  return { pending, failure, ask, cancel };
}
