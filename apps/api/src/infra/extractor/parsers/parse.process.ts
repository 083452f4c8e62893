import parse from './parse.worker.ts';
import type { FromParseProcess, PdfProgress, ToParseProcess } from './protocol.ts';

/** The entry point of the parse processes. */
function send(message: FromParseProcess): void {
  process.send?.(message);
}

process.on('message', (message: ToParseProcess) => {
  const report = message.reportsProgress
    ? (progress: PdfProgress) => send({ type: 'progress', progress })
    : undefined;
  parse(message.task, report).then(
    (result) => send({ type: 'result', result }),
    (error: unknown) => send({ type: 'error', error: String((error as Error)?.message ?? error) }),
  );
});

// The pool's process went away (even by SIGKILL): nothing is left to answer to.
process.on('disconnect', () => process.exit(0));
