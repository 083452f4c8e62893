/**
 * The assistant under load, with k6's own http module: askers ramp up to ASKERS, each in its own
 * chat session, asking about the 50-page contract on `POST /api/qa/ask-stream`. The http module
 * hands the stream over once it has ended, so it times the first byte and the full answer;
 * ask-sse.ts (xk6-sse) times the events. Local equivalent: `npm run bench:query`.
 *
 *   k6 run -e BASE_URL=https://clearroom.example.com -e PASSWORD=… load-tests/k6/ask.ts
 */
import { check } from 'k6';
import { answerMetrics, askOptions, nextQuestion, remember } from './asking.ts';
import { askOverHttp, ensureAccount, prepareProject } from './clearroom.ts';
import { openContract } from './config.ts';

const contract = openContract();

export const options = askOptions;

type Setup = { projectId: number };

export function setup(): Setup {
  ensureAccount();
  return { projectId: prepareProject(contract) };
}

export default function ask({ projectId }: Setup): void {
  const request = nextQuestion(projectId);
  const { response, outcome } = askOverHttp(request);
  answerMetrics.errors.add(outcome.error !== null);
  check(outcome, { 'ask-stream: complete': (o) => o.error === null });
  if (outcome.error === null) {
    answerMetrics.firstByte.add(response.timings.waiting);
    answerMetrics.complete.add(response.timings.duration);
  }
  remember(request.question, outcome.answer);
}
