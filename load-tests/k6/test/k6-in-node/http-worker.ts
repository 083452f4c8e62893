/**
 * Performs the HTTP requests of sync-http.ts with fetch, one at a time, and wakes the waiting
 * main thread when each answer has been posted.
 */
import { type MessagePort, workerData } from 'node:worker_threads';
import type { WireEvent, WireRequest, WireResponse } from './wire.ts';

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };

port.on('message', (request: WireRequest) => {
  void perform(request).then((response) => {
    port.postMessage(response);
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
});

async function perform(request: WireRequest): Promise<WireResponse> {
  const started = performance.now();
  const answer: WireResponse = {
    status: 0,
    error: '',
    headers: {},
    setCookies: [],
    body: '',
    events: [],
    waiting: 0,
    duration: 0,
  };
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: bodyOf(request),
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    answer.waiting = performance.now() - started;
    answer.status = response.status;
    answer.headers = Object.fromEntries(response.headers);
    answer.setCookies = response.headers.getSetCookie();
    if (request.events && response.body) {
      answer.events = await readEvents(response.body, started);
    } else {
      answer.body = await response.text();
    }
  } catch (error) {
    answer.error = String(error);
  }
  answer.duration = performance.now() - started;
  return answer;
}

function bodyOf(request: WireRequest): RequestInit['body'] {
  const { body } = request;
  if (body.kind === 'none') return undefined;
  if (body.kind === 'bytes') return body.data;
  const form = new FormData();
  for (const { name, value } of body.fields) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data], { type: value.type }), value.filename);
  }
  return form;
}

async function readEvents(
  stream: ReadableStream<Uint8Array>,
  started: number,
): Promise<WireEvent[]> {
  const events: WireEvent[] = [];
  let pending = '';
  for await (const text of stream.pipeThrough(new TextDecoderStream())) {
    pending += text;
    let boundary: number;
    while ((boundary = pending.indexOf('\n\n')) >= 0) {
      const lines = pending.slice(0, boundary).split('\n');
      pending = pending.slice(boundary + 2);
      events.push({
        at: performance.now() - started,
        data: lines
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n'),
        comment: lines
          .filter((line) => line.startsWith(':'))
          .map((line) => line.slice(1).trim())
          .join('\n'),
      });
    }
  }
  return events;
}
