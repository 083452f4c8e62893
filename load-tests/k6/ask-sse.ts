/**
 * The same load as ask.ts, read as the browser reads it: event by event, with the xk6-sse
 * extension (a k6 built with `xk6 build --with github.com/phymbert/xk6-sse`). Times the first
 * byte, the first event (the passages found), the first chunk of the answer and `complete`.
 * Local equivalent: `npm run bench:query` (first event and complete).
 *
 *   ./k6 run -e BASE_URL=https://clearroom.example.com -e PASSWORD=… load-tests/k6/ask-sse.ts
 */
import { check } from 'k6';
import http from 'k6/http';
import { Trend } from 'k6/metrics';
import sse from 'k6/x/sse';
import type { AskRequest, AskStreamEvent } from '@clearroom/contracts';
import { answerMetrics, askOptions, nextQuestion, remember } from './asking.ts';
import {
  type AnswerOutcome,
  cookieHeader,
  credentials,
  ensureAccount,
  outcomeOf,
  prepareProject,
} from './clearroom.ts';
import { baseUrl, openContract, origin } from './config.ts';

const contract = openContract();
const firstEvent = new Trend('clearroom_answer_first_event', true);
const firstChunk = new Trend('clearroom_answer_first_chunk', true);

export const options = askOptions;

type Setup = { projectId: number };

export function setup(): Setup {
  ensureAccount();
  return { projectId: prepareProject(contract) };
}

/** Times from sending the request, in ms; null when it did not happen. */
type Timed = {
  outcome: AnswerOutcome;
  opened: number | null;
  firstEvent: number | null;
  firstChunk: number | null;
  complete: number | null;
};

/** One question over server-sent events. */
function askOverSse(request: AskRequest): Timed {
  const who = credentials();
  const headers: Record<string, string> = {
    ...who.headers,
    'Content-Type': 'application/json',
    Origin: origin,
  };
  const cookie = cookieHeader(who);
  if (cookie) headers['Cookie'] = cookie;
  const events: AskStreamEvent[] = [];
  const times: Omit<Timed, 'outcome'> = {
    opened: null,
    firstEvent: null,
    firstChunk: null,
    complete: null,
  };
  const problems: string[] = [];
  const started = Date.now();
  const response = sse.open(
    `${baseUrl}/api/qa/ask-stream`,
    {
      method: 'POST',
      body: JSON.stringify(request),
      headers,
      // An empty jar: the session cookie is in the headers, as for every other request.
      jar: new http.CookieJar(),
      tags: { name: 'POST /api/qa/ask-stream' },
    },
    (client) => {
      client.on('open', () => {
        times.opened = Date.now() - started;
      });
      client.on('event', (event) => {
        if (!event.data) return; // a keep-alive comment
        const at = Date.now() - started;
        let parsed: AskStreamEvent;
        try {
          parsed = JSON.parse(event.data) as AskStreamEvent;
        } catch {
          problems.push(`an event that is not JSON: ${event.data.slice(0, 200)}`);
          client.close();
          return;
        }
        events.push(parsed);
        if (times.firstEvent === null) times.firstEvent = at;
        if (parsed.type === 'chunk' && times.firstChunk === null) times.firstChunk = at;
        if (parsed.type === 'complete') times.complete = at;
        if (parsed.type === 'complete' || parsed.type === 'error') client.close();
      });
      client.on('error', (error) => {
        problems.push(error.error());
      });
    },
  );
  if (response.error) problems.unshift(`no connection: ${response.error}`);
  else if (response.status !== 200) problems.unshift(`HTTP ${response.status}`);
  const outcome = outcomeOf(events);
  const error = outcome.error && problems.length > 0 ? problems.join('; ') : outcome.error;
  return { outcome: { ...outcome, error }, ...times };
}

export default function askSse({ projectId }: Setup): void {
  const request = nextQuestion(projectId);
  const timed = askOverSse(request);
  const { outcome } = timed;
  answerMetrics.errors.add(outcome.error !== null);
  check(outcome, { 'ask-stream (SSE): complete': (o) => o.error === null });
  if (outcome.error === null) {
    if (timed.opened !== null) answerMetrics.firstByte.add(timed.opened);
    if (timed.firstEvent !== null) firstEvent.add(timed.firstEvent);
    if (timed.firstChunk !== null) firstChunk.add(timed.firstChunk);
    if (timed.complete !== null) answerMetrics.complete.add(timed.complete);
  }
  remember(request.question, outcome.answer);
}
