import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { UploadResponse } from '@clearroom/contracts';
import { createProject, waitForAnalysis } from './support/documents.js';
import { signUp, startTestApp, type TestAgent, type TestApp } from './support/test-app.js';

const BOUNDARY = 'clearroom-test-boundary';

/** A multipart body written byte for byte, so that a part's header can hold what browsers never send. */
function multipart(parts: { disposition: string; content: string }[]) {
  const body = Buffer.concat([
    ...parts.flatMap(({ disposition, content }) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; ${disposition}\r\n` +
          'Content-Type: text/plain\r\n\r\n',
        'utf8',
      ),
      Buffer.from(`${content}\r\n`),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
  return { type: `multipart/form-data; boundary=${BOUNDARY}`, body };
}

describe('request edges', () => {
  let testApp: TestApp;
  let agent: TestAgent;
  let projectId: number;
  beforeAll(async () => {
    testApp = await startTestApp();
    ({ agent } = await signUp(testApp));
    projectId = await createProject(agent);
  });
  afterAll(() => testApp.drop());

  const upload = (parts: { disposition: string; content: string }[]) => {
    const { type, body } = multipart(parts);
    return agent.post(`/api/projects/${projectId}/files`).set('Content-Type', type).send(body);
  };
  let unique = 0;
  const text = () => `A plain text file, number ${unique++}.`;

  describe('file names a browser never sends: each its own message', () => {
    it.each([
      [
        'a NUL character',
        'filename="deal\u0000memo.txt"',
        'A file name contains a NUL character, which no file name may hold: rename "deal\ufffdmemo.txt" and upload it again.',
      ],
      [
        'a line break',
        'filename="deal\r\nmemo.txt"',
        'A file name contains a line break: rename "deal\ufffd\ufffdmemo.txt" and upload it again.',
      ],
      [
        'a control character',
        'filename="deal\u001bmemo.txt"',
        'A file name contains a control character (U+001B): rename "deal\ufffdmemo.txt" and upload it again.',
      ],
      [
        'a percent-encoded NUL',
        "filename*=UTF-8''deal%00memo.txt",
        'A file name contains a NUL character, which no file name may hold: rename "deal\ufffdmemo.txt" and upload it again.',
      ],
      [
        '60,000 characters',
        `filename="${'x'.repeat(59_996)}.txt"`,
        `A file name is 60,000 characters long, and at most 255 are accepted: rename "${'x'.repeat(60)}…" and upload it again.`,
      ],
      [
        '256 characters',
        `filename="${'y'.repeat(252)}.txt"`,
        `A file name is 256 characters long, and at most 255 are accepted: rename "${'y'.repeat(60)}…" and upload it again.`,
      ],
      [
        'a raw double quote',
        'filename="deal"memo.txt"',
        'A file name could not be read: the program that sent it left a double quote (") in it unescaped. Rename "deal"memo.txt" without quotes, or upload it from the browser.',
      ],
    ])('%s', async (_case, disposition, message) => {
      const response = await upload([{ disposition, content: text() }]);
      const body = response.body as UploadResponse;
      expect({ status: response.status, error: body.error, code: body.code }).toEqual({
        status: 400,
        error: message,
        code: 'VALIDATION_FAILED',
      });
      expect(body.files).toEqual([expect.objectContaining({ status: 'rejected', error: message })]);
    });

    it('reads every other file of the upload, and reports the unreadable names after them', async () => {
      const response = await upload([
        { disposition: 'filename="first.txt"', content: text() },
        { disposition: 'filename="bad\u0000name.txt"', content: text() },
        { disposition: `filename="${'z'.repeat(20_000)}.txt"`, content: text() },
        { disposition: 'filename="fourth.txt"', content: text() },
      ]);
      expect(response.status).toBe(201);
      const body = response.body as UploadResponse;
      expect(body.files.map((file) => [file.status, file.originalname])).toEqual([
        ['accepted', 'first.txt'],
        ['accepted', 'fourth.txt'],
        ['rejected', 'bad\ufffdname.txt'],
        ['rejected', `${'z'.repeat(60)}…`],
      ]);
    });

    it('reads the files beside a skipped unreadable name, and an escaped quote is fine', async () => {
      const response = await upload([
        { disposition: 'filename="quoted"name.txt"', content: text() },
        { disposition: 'filename="with \\"escaped\\" quotes.txt"', content: text() },
      ]);
      expect(response.status).toBe(201);
      expect(
        (response.body as UploadResponse).files.map((file) => [file.status, file.originalname]),
      ).toEqual([
        ['accepted', 'with "escaped" quotes.txt'],
        ['rejected', 'quoted"name.txt'],
      ]);
    });

    it('a body that is not multipart at all says so, not "interrupted"', async () => {
      const response = await agent
        .post(`/api/projects/${projectId}/files`)
        .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
        .send(Buffer.from(`--${BOUNDARY}\r\nno header end`));
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/^The upload could not be read \(/);
    });
  });

  it.each([
    ['null', 'not null'],
    ['"text"', 'not a string'],
    ['42', 'not a number'],
    ['true', 'not a boolean'],
  ])('a JSON body of %s says that an object is expected', async (json, what) => {
    const response = await agent
      .post('/api/projects')
      .set('Content-Type', 'application/json')
      .send(json)
      .expect(400);
    expect(response.body).toEqual({
      error: `Request body must be a JSON object (Content-Type: application/json), ${what}`,
      code: 'VALIDATION_FAILED',
    });
  });

  it('reads UTF-16 text files with a byte-order mark, little- and big-endian', async () => {
    const sentence = 'The escrow agent holds the deposit until closing.\nSecond line: Zoë’s note.';
    const little = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sentence, 'utf16le')]);
    const big = Buffer.from(little);
    big.swap16();
    const project = await createProject(agent, 'UTF-16');
    await agent
      .post(`/api/projects/${project}/files`)
      .attach('files', little, 'little.txt')
      .attach('files', big, 'big.txt')
      .expect(201);
    const files = await waitForAnalysis(agent, project);
    expect(files.map((file) => [file.originalname, file.processingStatus]).sort()).toEqual([
      ['big.txt', 'completed'],
      ['little.txt', 'completed'],
    ]);
    for (const file of files) {
      const page = await agent.get(`/api/files/${file.id}/pages/1`).expect(200);
      expect(page.body.text).toContain('Zoë’s note');
    }
  });

  describe('ask-stream takes ids as numbers or digits only, and no unknown fields', () => {
    let sessionId: number;
    beforeAll(async () => {
      const session = await agent.post(`/api/qa/sessions/${projectId}`).send({}).expect(201);
      sessionId = session.body.session.id as number;
    });

    it.each([[true], [[1]], ['0x1'], [' 1 '], [1.5], [0], ['']])(
      'project_id %j is refused',
      async (projectIdValue) => {
        const response = await agent
          .post('/api/qa/ask-stream')
          .send({ project_id: projectIdValue, sessionId, question: 'What is the term?' })
          .expect(400);
        expect(response.body).toEqual({
          error: 'project_id must be a positive integer',
          code: 'VALIDATION_FAILED',
        });
      },
    );

    it('an unknown field is refused', async () => {
      const response = await agent
        .post('/api/qa/ask-stream')
        .send({ project_id: projectId, sessionId, question: 'What is the term?', model: 'x' })
        .expect(400);
      expect(response.body).toEqual({
        error: 'Unrecognized key: "model"',
        code: 'VALIDATION_FAILED',
      });
    });

    it('digits in a string are still an id', async () => {
      const response = await agent
        .post('/api/qa/ask-stream')
        .send({ project_id: String(projectId), sessionId: String(sessionId), question: 'Term?' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    });
  });
});
