/**
 * Synchronous HTTP, as k6's API is: the request goes to a worker thread and this thread sleeps
 * (Atomics.wait) until the answer is posted back.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { WireRequest, WireResponse } from './wire.ts';

const signal = new Int32Array(new SharedArrayBuffer(4));
const { port1, port2 } = new MessageChannel();
const worker = new Worker(new URL('./http-worker.ts', import.meta.url), {
  workerData: { port: port2, signal },
  transferList: [port2],
});
worker.unref();
port1.unref();

export function requestSync(request: WireRequest): WireResponse {
  Atomics.store(signal, 0, 0);
  port1.postMessage(request);
  Atomics.wait(signal, 0, 0, request.timeoutMs + 5_000);
  const received = receiveMessageOnPort(port1);
  if (!received)
    throw new Error(`${request.method} ${request.url}: no answer from the HTTP worker`);
  return received.message as WireResponse;
}

export function sleepSync(seconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, seconds * 1000);
}
