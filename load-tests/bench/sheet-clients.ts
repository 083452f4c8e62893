/**
 * The clients of `npm run bench:sheet` (sheet.ts), in a worker thread of their own: 8 read pages,
 * 8 ask questions, as fast as they are answered, until the time is up. The thread runs at nice 10:
 * clients would run on other machines, so here they take the cores only when the server leaves
 * them, and the health probe on the main thread is not queued behind them.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { ChatSessionResponse, DocumentPageResponse } from '@clearroom/contracts';
import { createClient, signIn } from './api-client.ts';
import { askStream } from './ask-stream.ts';

export type LoadPlan = {
  baseUrl: string;
  projectId: number;
  fileId: number;
  pages: number;
  durationMs: number;
  readers: number;
  askers: number;
  questions: string[];
};

export type LoadResult = {
  reads: number[];
  pageBytes: number;
  answers: number[];
  answerErrors: number;
};

setPriority(0, 10);
const plan = workerData as LoadPlan;
const client = createClient(plan.baseUrl);
await signIn(client, 'bench', 'correct horse battery');
const sessions = await Promise.all(
  Array.from({ length: plan.askers }, async () => {
    const { session } = await client.json<ChatSessionResponse>(
      'POST',
      `/api/qa/sessions/${plan.projectId}`,
      {},
    );
    return session.id;
  }),
);
parentPort!.postMessage('ready');
await new Promise((resolve) => parentPort!.once('message', resolve));

const until = performance.now() + plan.durationMs;
const result: LoadResult = { reads: [], pageBytes: 0, answers: [], answerErrors: 0 };
await Promise.all([
  ...Array.from({ length: plan.readers }, async (_, reader) => {
    let page = 1 + reader;
    while (performance.now() < until) {
      page = 1 + ((page * 7919 + reader) % plan.pages);
      const begin = performance.now();
      const response = await client.request('GET', `/api/files/${plan.fileId}/pages/${page}`);
      const body = (await response.json()) as DocumentPageResponse;
      result.reads.push(performance.now() - begin);
      result.pageBytes = Math.max(result.pageBytes, body.text.length);
    }
  }),
  ...sessions.map(async (sessionId, asker) => {
    for (let turn = 0; performance.now() < until; turn++) {
      const answer = await askStream(client, {
        project_id: plan.projectId,
        sessionId,
        question: plan.questions[(asker + turn) % plan.questions.length]!,
      });
      if (answer.error) result.answerErrors++;
      else result.answers.push(answer.completeMs!);
    }
  }),
]);
parentPort!.postMessage(result);
