import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { AskStreamEvent, ChatSession } from '@clearroom/contracts';
import { CORPUS, corpusFile, describeWithCorpus } from './support/corpus.js';
import { createProject, waitForAnalysis } from './support/documents.js';
import { answer, FakeOllama } from './support/fake-ollama.js';
import { ask } from './support/sse.js';
import { signUp, startTestApp, type TestAgent, type TestApp } from './support/test-app.js';

const ofType = <T extends AskStreamEvent['type']>(events: AskStreamEvent[], type: T) =>
  events.filter((event): event is Extract<AskStreamEvent, { type: T }> => event.type === type);

/**
 * Questions about a kind of clause are answered from the clause index: the answer first, then the
 * clause, each cited; "not found" with nothing cited; across documents, one line per agreement.
 * CUAD's annotators: CytoDyn's licence is governed by New York law and has a change-of-control
 * clause; the Tickets.com sponsorship is governed by California law; neither has liquidated damages.
 */
describeWithCorpus('answers from the clause index', () => {
  let testApp: TestApp;
  let agent: TestAgent;
  let projectId: number;

  beforeAll(async () => {
    ({ testApp, agent, projectId } = await analysedProject([
      [CORPUS.cytodyn, 'CytoDyn licence.pdf'],
      [CORPUS.tickets, 'Tickets sponsorship.pdf'],
    ]));
  }, 180_000);
  afterAll(() => testApp?.drop());

  const askOnce = async (question: string) => {
    const session = (await agent.post(`/api/qa/sessions/${projectId}`).send({}).expect(201)).body
      .session as ChatSession;
    const result = await ask(agent, { project_id: projectId, sessionId: session.id, question });
    expect(result.status).toBe(200);
    const [metadata] = ofType(result.events, 'metadata');
    const [complete] = ofType(result.events, 'complete');
    return { metadata: metadata!, complete: complete! };
  };

  it('states the governing law first, then quotes the clause, cited in order', async () => {
    const { metadata, complete } = await askOnce('Which law governs the CytoDyn licence?');
    const [first] = complete.fullAnswer.split('\n');
    expect(first).toMatch(/^New York\b.*\[1\]/);
    expect(complete.citations[0]!.quote).toMatch(/New York/);
    expect(complete.sources[0]).toBe(
      `CytoDyn licence.pdf (Page ${complete.citations[0]!.pageNumber})`,
    );
    // Numbered 1, 2, 3 in the order they appear; metadata and the stored answer agree.
    const order = [...complete.fullAnswer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect([...new Set(order)]).toEqual(complete.citations.map((_, index) => index + 1));
    expect(metadata.citations).toEqual(complete.citations);
    expect(complete.fullAnswer.length).toBeLessThanOrEqual(700);
  });

  it('says a clause is absent in its first line, and cites nothing beside it', async () => {
    const { metadata, complete } = await askOnce(
      'Are there liquidated damages in the Tickets sponsorship?',
    );
    expect(complete.fullAnswer).toMatch(
      /^No liquidated[- ]damages clause was found in Tickets sponsorship\.pdf/i,
    );
    expect(complete.citations).toEqual([]);
    expect(complete.sources).toEqual([]);
    expect(metadata.sources).toEqual([]);
  });

  it('answers across documents with one line per qualifying agreement and a count', async () => {
    const { complete } = await askOnce('Which agreements are governed by California law?');
    expect(complete.fullAnswer).toMatch(/\b1 of 2\b/);
    expect(complete.fullAnswer).toContain('Tickets sponsorship.pdf');
    expect(complete.citations.map((citation) => citation.originalname)).toEqual([
      'Tickets sponsorship.pdf',
    ]);
  });

  it('leaves a question that names no kind of clause to search', async () => {
    const { complete } = await askOnce('What is the weather forecast on Mars?');
    expect(complete.fullAnswer).not.toMatch(/clause was found/);
  });
});

/**
 * A question may name its agreement by a party rather than by the file's name: NETGEAR's
 * distributor agreement, uploaded under a name that says neither NETGEAR nor Ingram Micro, names
 * "Ingram Micro, a corporation … ("Distributor")" on its first page. (CUAD's annotators mark
 * "Distributor shall be the only distributor appointed by NETGEAR in the Territory" as exclusivity;
 * the shipped clause model misses it, which is the model's to fix, not the scope's.)
 */
describeWithCorpus('a question naming an agreement by its party', () => {
  let testApp: TestApp;
  let agent: TestAgent;
  let projectId: number;

  beforeAll(async () => {
    ({ testApp, agent, projectId } = await analysedProject([
      [CORPUS.netgear, 'Distributor agreement.pdf'],
      [CORPUS.tickets, 'Tickets sponsorship.pdf'],
    ]));
  }, 180_000);
  afterAll(() => testApp?.drop());

  it('scopes "Is Ingram Micro the exclusive distributor?" to the agreement whose party it is', async () => {
    const session = (await agent.post(`/api/qa/sessions/${projectId}`).send({}).expect(201)).body
      .session as ChatSession;
    const result = await ask(agent, {
      project_id: projectId,
      sessionId: session.id,
      question: 'Is Ingram Micro the exclusive distributor?',
    });
    expect(result.status).toBe(200);
    const [complete] = ofType(result.events, 'complete');
    // One agreement is asked about: its own answer ("Yes." with the clause, "Possibly." where only
    // search found it, or "not found" naming that agreement), never a list over both.
    const [first] = complete!.fullAnswer.split('\n');
    expect(first).not.toMatch(/\bof 2 documents\b/);
    if (complete!.citations.length === 0)
      expect(first).toBe(
        'No exclusivity clause was found in Distributor agreement.pdf (8 pages searched).',
      );
    else {
      expect(first).toMatch(/^(Yes|Possibly)\.$/);
      expect(new Set(complete!.citations.map((citation) => citation.originalname))).toEqual(
        new Set(['Distributor agreement.pdf']),
      );
    }
  });
});

/**
 * The Ollama path gets the same structure: the model receives the clause spans the clause index
 * found, numbered and labelled with their categories, and is asked for the direct answer first,
 * then the cited clauses; its citations still go through verification. "Not found" needs no model.
 */
describeWithCorpus('clause answers written by a model (against a fake Ollama)', () => {
  let ollama: FakeOllama;
  let testApp: TestApp;
  let agent: TestAgent;
  let projectId: number;

  beforeAll(async () => {
    ollama = new FakeOllama();
    const url = await ollama.start();
    testApp = await startTestApp({ OCR: 'off', LLM_DRIVER: 'ollama', OLLAMA_URL: url });
    agent = (await signUp(testApp)).agent;
    projectId = await createProject(agent, 'Deal Room');
    await agent
      .post(`/api/projects/${projectId}/files`)
      .attach('files', corpusFile(CORPUS.cytodyn), 'CytoDyn licence.pdf')
      .attach('files', corpusFile(CORPUS.tickets), 'Tickets sponsorship.pdf')
      .expect(201);
    const files = await waitForAnalysis(agent, projectId, 120_000);
    expect(files.map((file) => file.processingStatus)).toEqual(['completed', 'completed']);
  }, 180_000);
  afterAll(async () => {
    await testApp?.drop();
    await ollama?.stop();
  });

  const askOnce = async (question: string) => {
    const session = (await agent.post(`/api/qa/sessions/${projectId}`).send({}).expect(201)).body
      .session as ChatSession;
    const result = await ask(agent, { project_id: projectId, sessionId: session.id, question });
    expect(result.status).toBe(200);
    const [metadata] = ofType(result.events, 'metadata');
    const [complete] = ofType(result.events, 'complete');
    return { metadata: metadata!, complete: complete! };
  };

  it('prompts with the labelled clause spans and the wanted first line; drops citations never given', async () => {
    ollama.onChat = () =>
      answer(['New York law [1].\n', '"governed by the laws of the State of New York" [1] [7]']);
    const chatsBefore = ollama.chats.length;
    const { metadata, complete } = await askOnce('Which law governs the CytoDyn licence?');
    expect(ollama.chats.length).toBe(chatsBefore + 1);
    const [system, user] = ollama.chats.at(-1)!.body.messages;
    expect(system!.content).toMatch(/First line: the direct answer/);
    expect(system!.content).toMatch(/quoted word for word/);
    // Every clause given is numbered, labelled with its category, document and page.
    expect(metadata.citations.length).toBeGreaterThan(0);
    for (const citation of metadata.citations)
      expect(user!.content).toContain(
        `[${citation.n}] (Governing Law) CytoDyn licence.pdf, page ${citation.pageNumber}:\n${citation.quote}`,
      );
    expect(user!.content).toContain('The question asks about: Governing Law');
    expect(user!.content).toMatch(/First line wanted: the state or country/);
    expect(user!.content).toMatch(/Question: Which law governs the CytoDyn licence\?$/);
    // [7] was never given: removed from the stream and the stored answer alike.
    expect(complete.fullAnswer).toBe(
      'New York law [1].\n"governed by the laws of the State of New York" [1]',
    );
    expect(complete.citations.map((citation) => citation.n)).toEqual([1]);
    expect(complete.sources).toEqual([
      `CytoDyn licence.pdf (Page ${complete.citations[0]!.pageNumber})`,
    ]);
  });

  it('answers an absent clause as absent without asking the model, citing nothing', async () => {
    const chatsBefore = ollama.chats.length;
    const { metadata, complete } = await askOnce(
      'Are there liquidated damages in the Tickets sponsorship?',
    );
    expect(ollama.chats.length).toBe(chatsBefore);
    expect(complete.fullAnswer).toMatch(/^No liquidated[- ]damages clause was found/i);
    expect(complete.citations).toEqual([]);
    expect(metadata.sources).toEqual([]);
  });
});

/** A fresh app, a signed-up user and a project with these corpus files uploaded and analysed. */
async function analysedProject(
  uploads: [file: string, name: string][],
): Promise<{ testApp: TestApp; agent: TestAgent; projectId: number }> {
  const testApp = await startTestApp({ OCR: 'off' });
  const agent = (await signUp(testApp)).agent;
  const projectId = await createProject(agent, 'Deal Room');
  let request = agent.post(`/api/projects/${projectId}/files`);
  for (const [file, name] of uploads) request = request.attach('files', corpusFile(file), name);
  await request.expect(201);
  const files = await waitForAnalysis(agent, projectId, 120_000);
  expect(files.map((file) => file.processingStatus)).toEqual(uploads.map(() => 'completed'));
  return { testApp, agent, projectId };
}
