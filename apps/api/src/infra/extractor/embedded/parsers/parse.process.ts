import { setPriority } from 'node:os';
import parse from './parse.worker.ts';
import {
  type FromParseProcess,
  type ParseResult,
  PAGES_MESSAGE_CHARACTERS,
  type PdfProgress,
  type ToParseProcess,
} from './protocol.ts';

// Parsing is background work: when the cores are busy, the API's event loop goes first.
setPriority(10);

/** The entry point of the parse processes. */
function send(message: FromParseProcess): void {
  process.send?.(message);
}

process.on('message', (message: ToParseProcess) => {
  const report = message.reportsProgress
    ? (progress: PdfProgress) => send({ type: 'progress', progress })
    : undefined;
  parse(message.task, report).then(sendResult, (error: unknown) =>
    send({ type: 'error', error: String((error as Error)?.message ?? error) }),
  );
});

/** The pages in messages of about a megabyte, then the result without them. */
function sendResult(result: ParseResult): void {
  if (!result.ok) return send({ type: 'result', result });
  let batch: typeof result.pages = [];
  let characters = 0;
  for (const page of result.pages) {
    if (batch.length > 0 && characters + page.text.length > PAGES_MESSAGE_CHARACTERS) {
      send({ type: 'pages', pages: batch });
      batch = [];
      characters = 0;
    }
    batch.push(page);
    characters += page.text.length;
  }
  if (batch.length > 0) send({ type: 'pages', pages: batch });
  send({ type: 'result', result: { ...result, pages: [] } });
}

// The pool's process went away (even by SIGKILL): nothing is left to answer to.
process.on('disconnect', () => process.exit(0));
