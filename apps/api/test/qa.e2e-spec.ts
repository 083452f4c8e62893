import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  AskStreamEvent,
  ChatHistoryEntry,
  ChatSession,
  Citation,
  DocumentPageResponse,
} from '@clearroom/contracts';
import { writePdf } from '../src/infra/extractor/fixtures/pdf-writer.js';
import { NOTHING_FOUND_ANSWER } from '../src/infra/answerer/answerer.port.js';
import { createProject, waitForAnalysis } from './support/documents.js';
import { answer, FakeOllama } from './support/fake-ollama.js';
import { ask, openAsk } from './support/sse.js';
import { signUp, startTestApp, type TestAgent, type TestApp } from './support/test-app.js';

const AGREEMENT = [
  'MASTER SERVICES AGREEMENT between Northwind Traders, Inc. and Contoso Ltd. dated 1 March 2024.',
  'Assignment. Neither party may assign this Agreement, including upon a change of control, without the prior written consent of the other party. Any other attempted transfer is void.',
  'Term. This Agreement has an initial term of five (5) years and renews automatically for successive one-year periods unless either party gives ninety days notice.',
];

type Owner = Awaited<ReturnType<typeof signUp>>;

async function projectWithAgreement(
  agent: TestAgent,
): Promise<{ projectId: number; documentId: number }> {
  const projectId = await createProject(agent);
  await agent
    .post(`/api/projects/${projectId}/files`)
    .attach('files', writePdf(AGREEMENT), 'Northwind MSA.pdf')
    .expect(201);
  const [file] = await waitForAnalysis(agent, projectId);
  expect(file?.processingStatus).toBe('completed');
  return { projectId, documentId: file!.id };
}

async function newSession(
  agent: TestAgent,
  projectId: number,
  name?: string,
): Promise<ChatSession> {
  const response = await agent
    .post(`/api/qa/sessions/${projectId}`)
    .send(name === undefined ? {} : { name })
    .expect(201);
  return response.body.session as ChatSession;
}

const ofType = <T extends AskStreamEvent['type']>(events: AskStreamEvent[], type: T) =>
  events.filter((event): event is Extract<AskStreamEvent, { type: T }> => event.type === type);

async function expectOnItsPage(agent: TestAgent, citation: Citation): Promise<void> {
  const page = await agent
    .get(`/api/files/${citation.documentId}/pages/${citation.pageNumber}`)
    .expect(200);
  const body = page.body as DocumentPageResponse;
  expect(body.text.slice(citation.start, citation.end)).toBe(citation.quote);
}

describe('chat sessions', () => {
  let testApp: TestApp;
  let owner: Owner;
  let stranger: Owner;
  let projectId: number;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await signUp(testApp);
    stranger = await signUp(testApp);
    projectId = await createProject(owner.agent);
  });
  afterAll(() => testApp.drop());

  it("names a new session 'New Chat' unless named, and lists the most recently used first", async () => {
    const first = await newSession(owner.agent, projectId);
    const second = await newSession(owner.agent, projectId, '  Change of control  ');
    expect(first).toMatchObject({ name: 'New Chat', projectId });
    expect(second.name).toBe('Change of control');
    const list = await owner.agent.get(`/api/qa/sessions/${projectId}`).expect(200);
    expect((list.body.sessions as ChatSession[]).map((session) => session.id)).toEqual([
      second.id,
      first.id,
    ]);
  });

  it('renames a session, refusing an empty name', async () => {
    const session = await newSession(owner.agent, projectId);
    const renamed = await owner.agent
      .patch(`/api/qa/sessions/${session.id}`)
      .send({ name: 'Indemnities' })
      .expect(200);
    expect(renamed.body.session).toMatchObject({ id: session.id, name: 'Indemnities' });
    const empty = await owner.agent
      .patch(`/api/qa/sessions/${session.id}`)
      .send({ name: '   ' })
      .expect(400);
    expect(empty.body).toMatchObject({
      error: 'Session name is required',
      code: 'VALIDATION_FAILED',
    });
  });

  it('deletes a session and its history', async () => {
    const session = await newSession(owner.agent, projectId);
    await owner.agent.get(`/api/qa/sessions/${session.id}/history`).expect(200, { history: [] });
    await owner.agent.delete(`/api/qa/sessions/${session.id}`).expect(200, { success: true });
    await owner.agent.get(`/api/qa/sessions/${session.id}/history`).expect(404);
  });

  it("treats another user's project and sessions as not existing, on every route", async () => {
    const session = await newSession(owner.agent, projectId);
    const notFound = { error: expect.any(String), code: 'NOT_FOUND' };
    for (const response of [
      await stranger.agent.get(`/api/qa/sessions/${projectId}`),
      await stranger.agent.post(`/api/qa/sessions/${projectId}`).send({}),
      await stranger.agent.patch(`/api/qa/sessions/${session.id}`).send({ name: 'Mine now' }),
      await stranger.agent.get(`/api/qa/sessions/${session.id}/history`),
      await stranger.agent.delete(`/api/qa/sessions/${session.id}`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject(notFound);
    }
    const attempt = await ask(stranger.agent, {
      project_id: projectId,
      sessionId: session.id,
      question: 'What is the term?',
    });
    expect(attempt.status).toBe(404);
    const list = await owner.agent.get(`/api/qa/sessions/${projectId}`).expect(200);
    expect((list.body.sessions as ChatSession[]).find((s) => s.id === session.id)?.name).toBe(
      'New Chat',
    );
  });
});

describe('ask stream (extractive answerer)', () => {
  let testApp: TestApp;
  let owner: Owner;
  let projectId: number;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await signUp(testApp);
    ({ projectId } = await projectWithAgreement(owner.agent));
  });
  afterAll(() => testApp.drop());

  it('streams metadata, chunks, session_updated and complete, with verified citations to the right page', async () => {
    const session = await newSession(owner.agent, projectId);
    const question = 'Can either party assign the agreement after a change of control?';
    const result = await ask(owner.agent, {
      project_id: projectId,
      sessionId: session.id,
      question,
    });
    expect(result.status).toBe(200);
    expect(result.contentType).toMatch(/^text\/event-stream/);
    const types = result.events.map((event) => event.type);
    expect(types[0]).toBe('metadata');
    expect(types.slice(-2)).toEqual(['session_updated', 'complete']);
    expect(types.slice(1, -2).every((type) => type === 'chunk')).toBe(true);
    expect(types.length).toBeGreaterThan(3);

    const [metadata] = ofType(result.events, 'metadata');
    expect(
      metadata!.sources.every((source) => /^Northwind MSA\.pdf \(Page \d\)$/.test(source)),
    ).toBe(true);
    expect(metadata!.sourceFiles).toEqual(['Northwind MSA.pdf']);
    const chunks = ofType(result.events, 'chunk')
      .map((event) => event.content)
      .join('');
    const [complete] = ofType(result.events, 'complete');
    expect(complete!.fullAnswer).toBe(chunks);
    expect(complete!.fullAnswer).toContain('change of control');
    expect(complete!.citations[0]).toMatchObject({
      pageNumber: 2,
      originalname: 'Northwind MSA.pdf',
    });
    expect(complete!.citations[0]!.quote).toContain('Neither party may assign this Agreement');
    expect(complete!.sources).toEqual(
      complete!.citations.map((citation) => `Northwind MSA.pdf (Page ${citation.pageNumber})`),
    );
    for (const citation of [...metadata!.citations, ...complete!.citations]) {
      await expectOnItsPage(owner.agent, citation);
    }
    // Every [n] in the answer has its citation.
    for (const match of complete!.fullAnswer.matchAll(/\[(\d+)\]/g)) {
      expect(complete!.citations.map((citation) => citation.n)).toContain(Number(match[1]));
    }

    const [renamed] = ofType(result.events, 'session_updated');
    expect(renamed).toEqual({
      type: 'session_updated',
      sessionId: session.id,
      sessionName: 'Can either party assign the agreement after a…',
    });
    const history = await owner.agent.get(`/api/qa/sessions/${session.id}/history`).expect(200);
    const entries = history.body.history as ChatHistoryEntry[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      question,
      answer: complete!.fullAnswer,
      sources: complete!.sources,
      sourceFiles: JSON.stringify(['Northwind MSA.pdf']),
      citations: complete!.citations,
    });
  });

  it('uses the conversation for a follow-up question, and renames a session only once', async () => {
    const session = await newSession(owner.agent, projectId);
    const first = 'Who may assign the services agreement?';
    await ask(owner.agent, { project_id: projectId, sessionId: session.id, question: first });
    const followUp = await ask(owner.agent, {
      project_id: projectId,
      sessionId: session.id,
      question: 'How long is its term and does it renew?',
      conversation_history: [
        { role: 'user', content: first },
        { role: 'assistant', content: 'Neither party may assign it [1].' },
      ],
    });
    expect(ofType(followUp.events, 'session_updated')).toEqual([]);
    const [complete] = ofType(followUp.events, 'complete');
    expect(complete!.citations[0]?.pageNumber).toBe(3);
    expect(complete!.fullAnswer).toContain('renews automatically');
    const history = await owner.agent.get(`/api/qa/sessions/${session.id}/history`).expect(200);
    expect((history.body.history as ChatHistoryEntry[]).map((entry) => entry.question)).toEqual([
      first,
      'How long is its term and does it renew?',
    ]);
  });

  it('answers a question naming its deal from that deal’s documents only', async () => {
    const dealsProject = await createProject(owner.agent, 'Two deals');
    const agreement = (company: string, state: string) =>
      Buffer.from(
        `${company} Supply Agreement\n\nThis Supply Agreement is made between ${company} Inc. and Acme Corp.\n\n` +
          `Governing law. This Agreement is governed by the laws of the State of ${state}. ` +
          `Any dispute under this Agreement is settled by the courts of ${state}.\n`,
      );
    await owner.agent
      .post(`/api/projects/${dealsProject}/files`)
      .attach('files', agreement('Contoso', 'Delaware'), 'Contoso Supply Agreement.txt')
      .attach('files', agreement('Fabrikam', 'New York'), 'Fabrikam Supply Agreement.txt')
      .expect(201);
    await waitForAnalysis(owner.agent, dealsProject);
    const session = await newSession(owner.agent, dealsProject);
    const result = await ask(owner.agent, {
      project_id: dealsProject,
      sessionId: session.id,
      question: 'Which law governs the Fabrikam supply agreement?',
    });
    const [metadata] = ofType(result.events, 'metadata');
    expect(metadata!.sourceFiles).toEqual(['Fabrikam Supply Agreement.txt']);
    const [complete] = ofType(result.events, 'complete');
    expect(complete!.fullAnswer).toContain('State of New York');
    expect(complete!.fullAnswer).not.toContain('Delaware');
  });

  it("serves a page's text to its owner only, and names the page count when a page is missing", async () => {
    const [file] = (await owner.agent.get(`/api/projects/${projectId}/files`).expect(200)).body
      .files as { id: number }[];
    const page = await owner.agent.get(`/api/files/${file!.id}/pages/3`).expect(200);
    expect(page.body).toMatchObject({ documentId: file!.id, pageNumber: 3, pageCount: 3 });
    expect((page.body as DocumentPageResponse).text).toContain('renews automatically');
    const missing = await owner.agent.get(`/api/files/${file!.id}/pages/4`).expect(404);
    expect(missing.body.error).toBe('Page 4 not found: the document has 3 page(s)');
    const stranger = await signUp(testApp);
    await stranger.agent.get(`/api/files/${file!.id}/pages/1`).expect(404, {
      error: 'File not found',
      code: 'NOT_FOUND',
    });
    await owner.agent.get(`/api/files/${file!.id}/pages/0`).expect(400);
  });

  it('says plainly when the documents do not answer, citing nothing', async () => {
    const session = await newSession(owner.agent, projectId);
    const result = await ask(owner.agent, {
      project_id: projectId,
      sessionId: session.id,
      question: 'What is the weather forecast on Mars?',
    });
    const [complete] = ofType(result.events, 'complete');
    expect(complete).toMatchObject({
      fullAnswer: NOTHING_FOUND_ANSWER,
      citations: [],
      sources: [],
    });
  });

  it('refuses bad requests before any stream opens, with messages a person can act on', async () => {
    const session = await newSession(owner.agent, projectId);
    const empty = await ask(owner.agent, {
      project_id: projectId,
      sessionId: session.id,
      question: '  ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain(
      'Question required: Please enter a question to ask about your documents.',
    );
    const malformed = await owner.agent
      .post('/api/qa/ask-stream')
      .set('Content-Type', 'application/json')
      .send('{"question": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('MALFORMED_JSON');
    const otherProject = await createProject(owner.agent, 'Empty deal');
    const wrongProject = await ask(owner.agent, {
      project_id: otherProject,
      sessionId: session.id,
      question: 'What is the term?',
    });
    expect(wrongProject.status).toBe(404);
  });

  it('answers a project without analysed documents with a clear message, and stores nothing', async () => {
    const emptyProject = await createProject(owner.agent, 'No documents');
    const session = await newSession(owner.agent, emptyProject);
    const result = await ask(owner.agent, {
      project_id: emptyProject,
      sessionId: session.id,
      question: 'What is the term?',
    });
    expect(result.status).toBe(422);
    expect(JSON.parse(result.body)).toEqual({
      error:
        'This project has no documents yet: upload documents on the Documents page, then ask again.',
      code: 'NO_ANALYSED_DOCUMENTS',
    });
    await owner.agent.get(`/api/qa/sessions/${session.id}/history`).expect(200, { history: [] });
  });
});

describe('ask stream (Ollama answerer, against a fake Ollama)', () => {
  let ollama: FakeOllama;
  let testApp: TestApp;
  let owner: Owner;
  let projectId: number;

  beforeAll(async () => {
    ollama = new FakeOllama();
    const url = await ollama.start();
    testApp = await startTestApp({
      LLM_DRIVER: 'ollama',
      OLLAMA_URL: url,
      OLLAMA_FIRST_TOKEN_TIMEOUT_SECONDS: '2',
    });
    owner = await signUp(testApp);
    ({ projectId } = await projectWithAgreement(owner.agent));
  });
  afterAll(async () => {
    await testApp.drop();
    await ollama.stop();
  });

  it('forwards streamed tokens as chunks and removes a citation of a passage never given', async () => {
    const session = await newSession(owner.agent, projectId);
    ollama.onChat = () =>
      answer(['Assignment needs', ' consent [1', ']. It also binds successors [', '7].'], {
        delayMs: 5,
      });
    const result = await ask(owner.agent, {
      project_id: projectId,
      sessionId: session.id,
      question: 'Can the agreement be assigned?',
    });
    const chunks = ofType(result.events, 'chunk').map((event) => event.content);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe('Assignment needs consent [1]. It also binds successors.');
    const [complete] = ofType(result.events, 'complete');
    expect(complete!.fullAnswer).toBe('Assignment needs consent [1]. It also binds successors.');
    expect(complete!.citations.map((citation) => citation.n)).toEqual([1]);
    await expectOnItsPage(owner.agent, complete!.citations[0]!);
  });

  it('sends the model only the last 6 messages of the conversation, then the question', async () => {
    const session = await newSession(owner.agent, projectId);
    ollama.onChat = () => answer(['Five years [1].']);
    const history = Array.from({ length: 10 }, (_, index) => ({
      role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `message ${index}`,
    }));
    await ask(owner.agent, {
      project_id: projectId,
      sessionId: session.id,
      question: 'What is the term?',
      conversation_history: history,
    });
    const messages = ollama.chats.at(-1)!.body.messages;
    const contents = messages.map((message) => message.content);
    expect(contents.filter((content) => /^message \d$/.test(content))).toEqual([
      'message 4',
      'message 5',
      'message 6',
      'message 7',
      'message 8',
      'message 9',
    ]);
    expect(messages.at(-1)!.content).toContain('What is the term?');
  });

  it('stops the model when the asker disconnects, and stores nothing', async () => {
    const session = await newSession(owner.agent, projectId);
    ollama.onChat = () => answer(['The term ', 'is five ', 'years [1].'], { delayMs: 400 });
    const seen: AskStreamEvent[] = [];
    let hangUp!: () => void;
    const firstChunk = new Promise<void>((resolve) => (hangUp = resolve));
    const stream = await openAsk(
      testApp,
      owner.cookie,
      { project_id: projectId, sessionId: session.id, question: 'What is the term?' },
      (event) => {
        seen.push(event);
        if (event.type === 'chunk') hangUp();
      },
    );
    await firstChunk;
    stream.destroy();
    const chat = ollama.chats.at(-1)!;
    await chat.closed;
    expect(chat.closedByClient).toBe(true);
    expect(chat.sent.length).toBeLessThan(3);
    expect(seen.map((event) => event.type)).toEqual(['metadata', 'chunk']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await owner.agent.get(`/api/qa/sessions/${session.id}/history`).expect(200, { history: [] });
    const sessions = await owner.agent.get(`/api/qa/sessions/${projectId}`).expect(200);
    expect((sessions.body.sessions as ChatSession[]).find((s) => s.id === session.id)?.name).toBe(
      'New Chat',
    );
  });

  it('turns a failure mid-answer into an error event, and stores nothing', async () => {
    const session = await newSession(owner.agent, projectId);
    ollama.onChat = () => answer(['The term is'], { end: { error: 'CUDA error: out of memory' } });
    const result = await ask(owner.agent, {
      project_id: projectId,
      sessionId: session.id,
      question: 'What is the term?',
    });
    const last = result.events.at(-1)!;
    expect(last.type).toBe('error');
    expect(last).toMatchObject({ error: expect.stringContaining('CUDA error: out of memory') });
    expect(ofType(result.events, 'complete')).toEqual([]);
    await owner.agent.get(`/api/qa/sessions/${session.id}/history`).expect(200, { history: [] });
  });

  it('gives up on a model that sends nothing within the first-token timeout', async () => {
    const session = await newSession(owner.agent, projectId);
    ollama.onChat = () => answer(['Too late [1].'], { firstDelayMs: 5000 });
    const result = await ask(owner.agent, {
      project_id: projectId,
      sessionId: session.id,
      question: 'What is the term?',
    });
    const last = result.events.at(-1)!;
    expect(last).toMatchObject({ type: 'error', code: 'OLLAMA_UNAVAILABLE' });
    expect((last as { error: string }).error).toMatch(/2 s/);
  });
});
