/**
 * What ask.ts and ask-sse.ts share: each VU is one person in one chat session, asking the
 * questions in turn and sending its last six messages as history, as the chat page does (and as
 * `npm run bench:query` does); and the answer metrics both record.
 */
import { Rate, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import type { AskRequest, ChatMessage } from '@clearroom/contracts';
import { createChatSession } from './clearroom.ts';
import { answerTimeout, askers, ingestTimeoutSeconds, ramp } from './config.ts';
import { QUESTIONS } from './questions.ts';

const HISTORY_MESSAGES = 6;

/** Askers ramp up to ASKERS, stay for HOLD, and leave; the thresholds are the pass mark. */
export const askOptions: Options = {
  scenarios: {
    ask: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: ramp.up, target: askers },
        { duration: ramp.hold, target: askers },
        { duration: ramp.down, target: 0 },
      ],
      gracefulRampDown: answerTimeout,
    },
  },
  thresholds: {
    // The target deal teams are promised: a cited answer within 10 seconds.
    clearroom_answer_complete: ['p(95)<10000'],
    clearroom_answer_errors: ['rate<0.01'],
    http_req_failed: ['rate<0.01'],
  },
  // setup() may have to upload the contract and wait for its analysis.
  setupTimeout: `${ingestTimeoutSeconds + 60}s`,
};

export const answerMetrics = {
  /** Request sent → the whole answer received (`complete`): the 10-second target. */
  complete: new Trend('clearroom_answer_complete', true),
  /** Request sent → the response's first byte (headers, sent once the question is accepted). */
  firstByte: new Trend('clearroom_answer_first_byte', true),
  /** Asks that ended without an answer: refused, an `error` event, or a broken stream. */
  errors: new Rate('clearroom_answer_errors'),
};

let sessionId: number | null = null;
const history: ChatMessage[] = [];

/** The VU's next question, in its own chat session (created on its first question). */
export function nextQuestion(projectId: number): AskRequest {
  if (sessionId === null) sessionId = createChatSession(projectId);
  const question = QUESTIONS[(__VU + __ITER) % QUESTIONS.length]!;
  return {
    project_id: projectId,
    sessionId,
    question,
    conversation_history: history.slice(-HISTORY_MESSAGES),
  };
}

/** Adds the exchange to the VU's history (an empty answer when there was none). */
export function remember(question: string, answer: string | null): void {
  history.push({ role: 'user', content: question }, { role: 'assistant', content: answer ?? '' });
  history.splice(0, Math.max(0, history.length - HISTORY_MESSAGES));
}
