import { setTimeout as sleep } from 'node:timers/promises';
import { SqlEntityManager } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  DealFieldProvenance,
  ExtractableDealField,
  ExtractDealDetailsResponse,
  Project,
} from '@clearroom/contracts';
import { paragraph, writeDocx } from '../src/infra/extractor/fixtures/office-writer.js';
import { DocumentPage } from '../src/modules/documents/document-page.entity.js';
import { CORPUS, corpusFile, describeWithCorpus } from './support/corpus.js';
import { waitForAnalysis } from './support/documents.js';
import { answer, FakeOllama, NEVER } from './support/fake-ollama.js';
import { signUp, startTestApp, type TestAgent, type TestApp } from './support/test-app.js';

/** A three-page company profile as Word saved it (each page begins at a rendered page break). */
const PROFILE_PAGES = [
  [
    'Acme Robotics, Inc. – Company Profile',
    'Acme Robotics, Inc. is a industrial automation company headquartered in Columbus, Ohio.',
  ],
  [
    'Financial Highlights',
    'In fiscal 2023 Acme Robotics reported total revenue of $48.2 million.',
    'The company has approximately 1,200 employees in three plants.',
  ],
  ['Leadership', 'Acme Robotics is led by Chief Executive Officer Jane Doe, who joined in 2019.'],
];
const profileDocx = () =>
  writeDocx(
    PROFILE_PAGES.flatMap((lines, page) =>
      lines.map((line, index) =>
        paragraph(line, '', page > 0 && index === 0 ? '<w:lastRenderedPageBreak/>' : ''),
      ),
    ).join(''),
  );

async function createProject(agent: TestAgent, fields: Record<string, string> = {}) {
  const response = await agent
    .post('/api/projects')
    .send({ name: 'Project Atlas', ...fields })
    .expect(201);
  return response.body.project as Project;
}

async function uploadAndAnalyse(
  agent: TestAgent,
  projectId: number,
  content: Buffer,
  name: string,
) {
  await agent
    .post(`/api/projects/${projectId}/files`)
    .set('Accept', 'application/json')
    .attach('files', content, name)
    .expect(201);
  return waitForAnalysis(agent, projectId, 120_000);
}

const extract = (agent: TestAgent, projectId: number | string) =>
  agent.post(`/api/projects/${projectId}/extract-deal-details`);

async function storedProject(agent: TestAgent, id: number) {
  const response = await agent.get('/api/projects').expect(200);
  return (response.body.projects as Project[]).find((project) => project.id === id);
}

/** Every provenance names a page whose stored text, sliced at its offsets, is its quote. */
async function expectQuotesFromStoredPages(testApp: TestApp, body: ExtractDealDetailsResponse) {
  const em = testApp.app.get(SqlEntityManager).fork();
  for (const [field, value] of Object.entries(body.dealDetails)) {
    const provenance = body.provenance[field as ExtractableDealField] as DealFieldProvenance;
    const page = await em.findOneOrFail(DocumentPage, {
      document: provenance.documentId,
      number: provenance.pageNumber,
    });
    expect(page.text.slice(provenance.start, provenance.end)).toBe(provenance.quote);
    expect(provenance.quote.replace(/\s+/g, ' ')).toContain(value);
  }
}

describe('AI Extract API with the built-in rules', () => {
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await signUp(testApp);
  });
  afterAll(() => testApp.drop());

  describe('refusals', () => {
    it('answers 422 without analysed documents, saying what to do and that the rules have no fallback', async () => {
      const project = await createProject(owner.agent, { companyName: 'Acme Robotics' });
      const response = await extract(owner.agent, project.id).expect(422);
      expect(response.body).toEqual({
        code: 'NO_ANALYSED_DOCUMENTS',
        error:
          "No analysed documents in this project yet: upload documents and wait for 'Analysis Complete', then try AI Extract again. The built-in extractor reads only the project’s documents and has no web-research fallback.",
      });
    });

    it("answers 404 for another user's project, as for one that does not exist", async () => {
      const project = await createProject(owner.agent);
      const stranger = await signUp(testApp);
      const response = await extract(stranger.agent, project.id).expect(404);
      expect(response.body.code).toBe('NOT_FOUND');
      await extract(owner.agent, 999_999).expect(404);
    });

    it('answers 401 without a session, and 400 for an id that is not one', async () => {
      const project = await createProject(owner.agent);
      const response = await extract(testApp.http(), project.id).expect(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
      const malformed = await extract(owner.agent, 'abc').expect(400);
      expect(malformed.body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('a company profile', () => {
    let project: Project;
    let body: ExtractDealDetailsResponse;

    beforeAll(async () => {
      project = await createProject(owner.agent);
      const files = await uploadAndAnalyse(
        owner.agent,
        project.id,
        profileDocx(),
        'Acme profile.docx',
      );
      expect(files.map((file) => [file.processingStatus, file.pageCount])).toEqual([
        ['completed', 3],
      ]);
      body = (await extract(owner.agent, project.id).expect(200))
        .body as ExtractDealDetailsResponse;
    });

    it('finds each detail on the page that states it', () => {
      expect(body).toMatchObject({
        dealDetails: {
          companyName: 'Acme Robotics, Inc.',
          industry: 'industrial automation',
          revenue: '$48.2 million',
          employeeCount: 'approximately 1,200',
          ceoName: 'Jane Doe',
        },
        fallbackUsed: false,
        documentsProcessed: 1,
        method: 'rules',
      });
      const pages = Object.fromEntries(
        Object.entries(body.provenance).map(([field, provenance]) => [
          field,
          provenance.pageNumber,
        ]),
      );
      expect(pages).toEqual({
        companyName: 1,
        industry: 1,
        revenue: 2,
        employeeCount: 2,
        ceoName: 3,
      });
      expect(body.provenance.ceoName).toMatchObject({
        originalname: 'Acme profile.docx',
        quote: 'Acme Robotics is led by Chief Executive Officer Jane Doe, who joined in 2019.',
      });
    });

    it('quotes each value as the slice of the stored page text at its offsets', async () => {
      await expectQuotesFromStoredPages(testApp, body);
    });

    it('leaves out what the documents do not state', () => {
      expect(Object.keys(body.dealDetails).sort()).toEqual(
        ['ceoName', 'companyName', 'employeeCount', 'industry', 'revenue'].sort(),
      );
    });

    it('does not change the project: the user saves the form', async () => {
      const saved = await storedProject(owner.agent, project.id);
      expect(saved).toMatchObject({
        companyName: null,
        industry: null,
        ceoName: null,
        revenue: null,
        employeeCount: null,
      });
    });
  });

  describeWithCorpus('a contract from the corpus', () => {
    let projectId: number;

    beforeAll(async () => {
      projectId = (await createProject(owner.agent)).id;
      const files = await uploadAndAnalyse(
        owner.agent,
        projectId,
        corpusFile(CORPUS.cytodyn),
        'CytoDyn license agreement.pdf',
      );
      expect(files.map((file) => file.processingStatus)).toEqual(['completed']);
    }, 150_000);

    it('names the company the contract is filed under, with its page, and nothing it does not state', async () => {
      const body = (await extract(owner.agent, projectId).expect(200))
        .body as ExtractDealDetailsResponse;
      expect(body.dealDetails.companyName).toBe('CytoDyn Inc.');
      expect(body.provenance.companyName).toMatchObject({
        originalname: 'CytoDyn license agreement.pdf',
        pageNumber: 1,
      });
      expect(body.provenance.companyName?.quote).toContain('CytoDyn Inc., a Delaware corporation');
      // A licence's royalty tiers and milestone payments are not the company's figures.
      expect(body.dealDetails).not.toHaveProperty('revenue');
      expect(body.dealDetails).not.toHaveProperty('valuation');
      expect(body.dealDetails).not.toHaveProperty('employeeCount');
      expect(body.dealDetails).not.toHaveProperty('dealStage');
      await expectQuotesFromStoredPages(testApp, body);
    });

    it('prefers the other party when that is the company the user typed', async () => {
      await owner.agent
        .patch(`/api/projects/${projectId}`)
        .send({ companyName: 'Vyera' })
        .expect(200);
      const body = (await extract(owner.agent, projectId).expect(200))
        .body as ExtractDealDetailsResponse;
      expect(body.dealDetails).toMatchObject({
        companyName: 'Vyera Pharmaceuticals, LLC',
        industry: 'pharmaceutical',
      });
      expect(body.provenance.industry?.quote).toContain('Vyera is a pharmaceutical company');
      await expectQuotesFromStoredPages(testApp, body);
      expect((await storedProject(owner.agent, projectId))?.companyName).toBe('Vyera');
    });
  });
});

describe('AI Extract API with a model (LLM_DRIVER=ollama)', () => {
  let ollama: FakeOllama;
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    ollama = new FakeOllama();
    testApp = await startTestApp({ LLM_DRIVER: 'ollama', OLLAMA_URL: await ollama.start() });
    owner = await signUp(testApp);
  });
  afterAll(async () => {
    await testApp.drop();
    await ollama.stop();
  });

  const modelAnswers = (fields: object) => {
    ollama.onChat = () => answer([JSON.stringify(fields)]);
  };

  it('answers from the company name alone when there are no documents, saying so', async () => {
    modelAnswers({ industry: 'Industrial automation', ceoName: 'Jane Doe', revenue: '' });
    const project = await createProject(owner.agent, { companyName: 'Acme Robotics' });
    const response = await extract(owner.agent, project.id).expect(200);
    expect(response.body).toEqual({
      dealDetails: { industry: 'Industrial automation', ceoName: 'Jane Doe' },
      provenance: {},
      fallbackUsed: true,
      documentsProcessed: 0,
      method: 'model',
    });
    expect(ollama.chats.at(-1)!.body.messages.at(-1)!.content).toContain('Acme Robotics');
  });

  it('asks for documents or a company name when it has neither', async () => {
    const chatsBefore = ollama.chats.length;
    const project = await createProject(owner.agent);
    const response = await extract(owner.agent, project.id).expect(422);
    expect(response.body).toEqual({
      code: 'NO_ANALYSED_DOCUMENTS',
      error:
        "No analysed documents in this project yet: upload documents and wait for 'Analysis Complete', then try AI Extract again. Or enter the Company Name and try again: the model can then answer from what it knows.",
    });
    expect(ollama.chats).toHaveLength(chatsBefore);
  });

  it('keeps only the values the model quotes from the pages, with their page', async () => {
    const project = await createProject(owner.agent);
    await uploadAndAnalyse(owner.agent, project.id, profileDocx(), 'Acme profile.docx');
    // The model answers as one would: from the numbered passages it was sent.
    ollama.onChat = ({ messages }) => {
      const sent = messages.at(-1)!.content;
      const passageOf = (page: number) =>
        Number(new RegExp(String.raw`\[(\d+)\] Acme profile\.docx, page ${page}:`).exec(sent)?.[1]);
      return answer([
        JSON.stringify({
          companyName: { value: 'Acme Robotics, Inc.', passage: passageOf(1) },
          employeeCount: { value: 'approximately 1,200', passage: passageOf(2) },
          // Not written anywhere: a model's guess is dropped, however plausible.
          revenue: { value: '$52 million', passage: passageOf(2) },
        }),
      ]);
    };
    const response = await extract(owner.agent, project.id).expect(200);
    const body = response.body as ExtractDealDetailsResponse;
    expect(body).toMatchObject({
      dealDetails: { companyName: 'Acme Robotics, Inc.', employeeCount: 'approximately 1,200' },
      fallbackUsed: false,
      documentsProcessed: 1,
      method: 'model',
    });
    expect(body.dealDetails).not.toHaveProperty('revenue');
    expect(body.provenance.companyName?.pageNumber).toBe(1);
    expect(body.provenance.employeeCount?.pageNumber).toBe(2);
    await expectQuotesFromStoredPages(testApp, body);
  });

  it('stops asking the model when the client goes away', async () => {
    ollama.onChat = () => NEVER;
    const project = await createProject(owner.agent, { companyName: 'Acme Robotics' });
    const chatsBefore = ollama.chats.length;
    await expect(extract(owner.agent, project.id).timeout(1_000)).rejects.toThrow(/timeout/i);
    expect(ollama.chats).toHaveLength(chatsBefore + 1);
    const chat = ollama.chats.at(-1)!;
    const closed = await Promise.race([
      chat.closed.then(() => 'closed'),
      sleep(5_000, undefined, { ref: false }).then(() => 'still open'),
    ]);
    expect(closed).toBe('closed');
    expect(chat.closedByClient).toBe(true);
  });
});
