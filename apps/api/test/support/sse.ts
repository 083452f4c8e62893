import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AskRequest, AskStreamEvent } from '@clearroom/contracts';
import type { TestAgent, TestApp } from './test-app.js';

/** The `data:` events of a server-sent event stream, in order (comment lines are skipped). */
export function parseEvents(body: string): AskStreamEvent[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as AskStreamEvent);
}

export type AskResult = {
  status: number;
  contentType: string;
  body: string;
  events: AskStreamEvent[];
};

/** Asks through `POST /api/qa/ask-stream` and reads the whole stream. */
export async function ask(
  agent: TestAgent,
  body: AskRequest | Record<string, unknown>,
): Promise<AskResult> {
  const response = await agent
    .post('/api/qa/ask-stream')
    .send(body)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (text += part));
      res.on('end', () => done(null, text));
    });
  const text = response.body as string;
  const isStream = String(response.headers['content-type']).startsWith('text/event-stream');
  return {
    status: response.status,
    contentType: String(response.headers['content-type']),
    body: text,
    events: isStream ? parseEvents(text) : [],
  };
}

/**
 * Opens the ask stream on a raw connection and calls `onEvent` for each event as it arrives;
 * `destroy()` hangs up like a browser tab being closed.
 */
export async function openAsk(
  testApp: TestApp,
  cookie: string,
  body: AskRequest,
  onEvent: (event: AskStreamEvent) => void,
): Promise<{ destroy: () => void; ended: Promise<void> }> {
  const server = testApp.app.getHttpServer();
  if (!server.address()) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }
  const { port } = server.address() as AddressInfo;
  const payload = JSON.stringify(body);
  let buffered = '';
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  const request = httpRequest(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/qa/ask-stream',
      headers: {
        cookie,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      },
    },
    (response) => {
      response.setEncoding('utf8');
      response.on('data', (part: string) => {
        buffered += part;
        const complete = buffered.lastIndexOf('\n\n');
        if (complete < 0) return;
        for (const event of parseEvents(buffered.slice(0, complete))) onEvent(event);
        buffered = buffered.slice(complete + 2);
      });
      response.on('close', finish);
    },
  );
  request.on('error', finish);
  request.end(payload);
  return { destroy: () => request.destroy(), ended };
}
