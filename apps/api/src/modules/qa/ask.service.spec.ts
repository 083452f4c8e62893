/* eslint-disable @typescript-eslint/require-await -- in-memory fakes implement async ports without awaiting anything */
import { beforeEach, describe, expect, it } from '@jest/globals';
import {
  type AskStreamEvent,
  type ChatHistoryEntry,
  DEFAULT_CHAT_NAME,
  type SearchPassage,
} from '@clearroom/contracts';
import {
  type Answerer,
  type AnswerRequest,
  NOTHING_FOUND_ANSWER,
} from '../../infra/answerer/answerer.port.js';
import type { CitablePage } from '../documents/document-reader.service.js';
import type { AskRepository, AskSession } from './ask.repository.js';
import { AskService, type PreparedAsk } from './ask.service.js';
import type { NewChatEntry } from './chat-sessions.service.js';
import type { ClauseAnswer, ClauseAnswerService } from './clause-answers.service.js';
import type { PassageRetriever, Retrieval } from './passage-retriever.js';

const PAGE_TEXT =
  'This Agreement may be terminated by either party on ninety (90) days written notice. ' +
  'The laws of the State of Delaware govern this Agreement.';

const page: CitablePage = {
  documentId: 7,
  originalname: 'Hosting Agreement.pdf',
  filename: '00000000-0000-4000-8000-000000000007.pdf',
  mimetype: 'application/pdf',
  pageNumber: 3,
  text: PAGE_TEXT,
};

const passage = (text: string, overrides: Partial<SearchPassage> = {}): SearchPassage => {
  const start = PAGE_TEXT.indexOf(text);
  return {
    documentId: 7,
    originalname: 'Hosting Agreement.pdf',
    pageNumber: 3,
    start,
    end: start + text.length,
    text,
    score: 1,
    ...overrides,
  };
};

/** Sessions, document progress, pages and stored entries in memory. */
class InMemoryAsk implements Pick<
  AskRepository,
  'requireOwnedSession' | 'progressOf' | 'citablePages' | 'saveEntry' | 'conversationDocumentIds'
> {
  sessions = new Map<number, AskSession & { ownerId: number; name: string }>();
  progress = { total: 1, completed: 1 };
  pages: CitablePage[] = [page];
  saved: NewChatEntry[] = [];

  async requireOwnedSession(ownerId: number, sessionId: number): Promise<AskSession> {
    const session = this.sessions.get(sessionId);
    if (!session || session.ownerId !== ownerId) {
      throw Object.assign(new Error('Chat session not found'), { code: 'NOT_FOUND' });
    }
    return { id: session.id, projectId: session.projectId };
  }

  async conversationDocumentIds(): Promise<number[]> {
    const recent = this.saved.slice(-3).reverse();
    return [...new Set(recent.flatMap((entry) => entry.citations.map((c) => c.documentId)))];
  }

  async progressOf(): Promise<{ total: number; completed: number }> {
    return this.progress;
  }

  async citablePages(
    _projectId: number,
    refs: readonly { documentId: number; pageNumber: number }[],
  ): Promise<CitablePage[]> {
    return this.pages.filter((each) =>
      refs.some((ref) => ref.documentId === each.documentId && ref.pageNumber === each.pageNumber),
    );
  }

  async saveEntry(
    sessionId: number,
    entry: NewChatEntry,
    title: string,
  ): Promise<{ entry: ChatHistoryEntry; renamedTo: string | null }> {
    const session = this.sessions.get(sessionId)!;
    const renamedTo = session.name === DEFAULT_CHAT_NAME ? title : null;
    if (renamedTo) session.name = renamedTo;
    this.saved.push(entry);
    return {
      entry: {
        id: this.saved.length,
        sessionId,
        question: entry.question,
        answer: entry.answer,
        sources: entry.sources,
        sourceFiles: JSON.stringify(entry.sourceFiles),
        citations: entry.citations,
        createdAt: new Date(0).toISOString(),
      },
      renamedTo,
    };
  }
}

/** An answerer that writes the given pieces, and remembers what it was asked. */
class ScriptedAnswerer implements Answerer {
  readonly health = null;
  requests: AnswerRequest[] = [];
  constructor(
    public pieces: string[],
    readonly name = 'scripted',
  ) {}
  async ping(): Promise<void> {}
  async *stream(request: AnswerRequest): AsyncIterable<string> {
    this.requests.push(request);
    for (const piece of this.pieces) yield piece;
  }
}

const OWNER = 1;

describe('AskService (repository, retriever and answerer in memory)', () => {
  let repository: InMemoryAsk;
  let retrieval: Retrieval;
  let retrieverCalls: number;
  let answerer: ScriptedAnswerer;
  let events: AskStreamEvent[];
  let clauseAnswer: ClauseAnswer | null;
  let named: { documentIds: number[]; words: string[] } | null;
  let retrieverNamed: unknown[];
  let conversations: number[][];

  const service = () =>
    new AskService(
      repository as unknown as AskRepository,
      {
        retrieve: async (...args: unknown[]) => {
          retrieverCalls++;
          retrieverNamed.push(args[4]);
          return retrieval;
        },
      } as unknown as PassageRetriever,
      {
        answer: async (_projectId: number, _question: string, conversation: number[]) => {
          conversations.push(conversation);
          return { answer: clauseAnswer, named };
        },
      } as unknown as ClauseAnswerService,
      answerer,
    );
  const ask = (question: string): PreparedAsk => ({
    ownerId: OWNER,
    projectId: 10,
    sessionId: 5,
    question,
    history: [],
  });
  const send = (event: AskStreamEvent) => void events.push(event);

  beforeEach(() => {
    repository = new InMemoryAsk();
    repository.sessions.set(5, { id: 5, projectId: 10, ownerId: OWNER, name: DEFAULT_CHAT_NAME });
    retrieval = {
      passages: [
        passage(
          'This Agreement may be terminated by either party on ninety (90) days written notice.',
        ),
        passage('The laws of the State of Delaware govern this Agreement.'),
      ],
      namingTerms: [],
      pages: [page],
    };
    retrieverCalls = 0;
    answerer = new ScriptedAnswerer([]);
    events = [];
    clauseAnswer = null;
    named = null;
    retrieverNamed = [];
    conversations = [];
  });

  describe('prepare', () => {
    const request = (projectId: number) => ({
      project_id: projectId,
      sessionId: 5,
      question: 'Which law governs?',
      conversation_history: [],
    });

    it('accepts a question in the user’s session of the project', async () => {
      await expect(service().prepare(OWNER, request(10))).resolves.toEqual({
        ownerId: OWNER,
        projectId: 10,
        sessionId: 5,
        question: 'Which law governs?',
        history: [],
      });
    });

    it('refuses a session of another project, and another user’s session', async () => {
      await expect(service().prepare(OWNER, request(11))).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Chat session not found in this project',
      });
      await expect(service().prepare(2, request(10))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('says why there is nothing to ask yet: no documents, or none analysed', async () => {
      repository.progress = { total: 0, completed: 0 };
      await expect(service().prepare(OWNER, request(10))).rejects.toMatchObject({
        code: 'NO_ANALYSED_DOCUMENTS',
        message: expect.stringContaining('has no documents yet'),
      });
      repository.progress = { total: 3, completed: 0 };
      await expect(service().prepare(OWNER, request(10))).rejects.toMatchObject({
        code: 'NO_ANALYSED_DOCUMENTS',
        message: expect.stringContaining("None of this project's 3 document(s)"),
      });
    });
  });

  describe('answer', () => {
    it('streams metadata, the answer without citations of passages not given, then stores and completes', async () => {
      answerer.pieces = ['Delaware law governs [', '2]', ', not the law of [9]', ' New York.'];

      await service().answer(
        ask('Which law governs the agreement?'),
        send,
        new AbortController().signal,
      );

      expect(events.map((event) => event.type)).toEqual([
        'metadata',
        'chunk',
        'chunk',
        'chunk',
        'chunk',
        'session_updated',
        'complete',
      ]);
      const metadata = events[0] as Extract<AskStreamEvent, { type: 'metadata' }>;
      expect(metadata.sources).toEqual([
        'Hosting Agreement.pdf (Page 3)',
        'Hosting Agreement.pdf (Page 3)',
      ]);
      expect(metadata.citations.map((citation) => citation.n)).toEqual([1, 2]);
      const streamed = events
        .flatMap((event) => (event.type === 'chunk' ? [event.content] : []))
        .join('');
      expect(streamed).toBe('Delaware law governs [2], not the law of New York.');
      expect(answerer.requests[0]!.passages.map((given) => given.n)).toEqual([1, 2]);

      // Only the citation the answer uses is stored, verified against its page.
      expect(repository.saved).toHaveLength(1);
      expect(repository.saved[0]!.answer).toBe(streamed);
      expect(repository.saved[0]!.citations).toHaveLength(1);
      const [stored] = repository.saved[0]!.citations;
      expect(PAGE_TEXT.slice(stored!.start, stored!.end)).toBe(stored!.quote);
      expect(stored!.quote).toContain('Delaware');
      expect(events[5]).toEqual({
        type: 'session_updated',
        sessionId: 5,
        sessionName: 'Which law governs the agreement',
      });
      const complete = events[6] as Extract<AskStreamEvent, { type: 'complete' }>;
      expect(complete.fullAnswer).toBe(streamed);
      expect(complete.sourceFiles).toEqual(['Hosting Agreement.pdf']);
    });

    it('drops a passage no longer found on its stored page', async () => {
      retrieval.passages.push(
        passage('Words that a re-analysis removed from the page.', { start: 0, end: 47 }),
      );
      answerer.pieces = ['Ninety days [1].'];

      await service().answer(ask('How can it be terminated?'), send, new AbortController().signal);

      const metadata = events[0] as Extract<AskStreamEvent, { type: 'metadata' }>;
      expect(metadata.citations).toHaveLength(2);
      expect(answerer.requests[0]!.passages).toHaveLength(2);
    });

    it('says it found nothing, without calling the answerer, when no passage was found', async () => {
      retrieval = { passages: [], namingTerms: [], pages: [] };
      repository.sessions.get(5)!.name = 'Named by the user';

      await service().answer(ask('Who is the CEO?'), send, new AbortController().signal);

      expect(answerer.requests).toHaveLength(0);
      expect(events.map((event) => event.type)).toEqual(['metadata', 'chunk', 'complete']);
      expect(repository.saved[0]).toMatchObject({ answer: NOTHING_FOUND_ANSWER, citations: [] });
    });

    it('stores nothing when the answerer returns only whitespace', async () => {
      answerer.pieces = ['  ', '\n'];

      await expect(
        service().answer(ask('Which law governs?'), send, new AbortController().signal),
      ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(repository.saved).toHaveLength(0);
      expect(events.some((event) => event.type === 'complete')).toBe(false);
    });

    it('stops, storing nothing, when the asker goes away mid-answer', async () => {
      const controller = new AbortController();
      answerer.pieces = ['Delaware [2]', ' law.'];

      await expect(
        service().answer(
          ask('Which law governs?'),
          (event) => {
            if (event.type === 'chunk') controller.abort();
          },
          controller.signal,
        ),
      ).rejects.toThrow();
      expect(repository.saved).toHaveLength(0);
    });

    it('answers a clause question of the extractive answerer from the clause index, without search', async () => {
      answerer = new ScriptedAnswerer([], 'extractive');
      const start = PAGE_TEXT.indexOf('The laws');
      const quote = 'The laws of the State of Delaware govern this Agreement.';
      clauseAnswer = {
        text: `Governing law: Delaware [1].`,
        citations: [
          {
            n: 1,
            documentId: 7,
            originalname: page.originalname,
            filename: page.filename,
            mimetype: page.mimetype,
            pageNumber: 3,
            quote,
            start,
            end: start + quote.length,
          },
        ],
        categories: new Map([[1, 'Governing Law']]),
        understood: {
          categories: ['Governing Law'],
          scope: { kind: 'all' },
        } as never,
      };

      await service().answer(ask('Which law governs?'), send, new AbortController().signal);

      expect(retrieverCalls).toBe(0);
      expect(answerer.requests).toHaveLength(0);
      expect(events.map((event) => event.type)).toEqual([
        'metadata',
        'chunk',
        'session_updated',
        'complete',
      ]);
      expect(repository.saved[0]!.citations).toHaveLength(1);
      expect(repository.saved[0]!.citations[0]!.quote).toBe(quote);
    });

    const delawareClause = (): ClauseAnswer => {
      const quote = 'The laws of the State of Delaware govern this Agreement.';
      const start = PAGE_TEXT.indexOf(quote);
      return {
        text: 'Delaware [1]',
        citations: [
          {
            n: 1,
            documentId: 7,
            originalname: page.originalname,
            filename: page.filename,
            mimetype: page.mimetype,
            pageNumber: 3,
            quote,
            start,
            end: start + quote.length,
          },
        ],
        categories: new Map([[1, 'Governing Law']]),
        understood: {
          categories: ['Governing Law'],
          answerType: 'place',
          scope: { kind: 'named', documentIds: [7], exhaustive: false },
          namingWords: ['acme'],
        } as never,
      };
    };

    it('gives a model the clause spans with their categories and the wanted structure, without search', async () => {
      answerer = new ScriptedAnswerer(['Delaware [1].'], 'llama3');
      clauseAnswer = delawareClause();

      await service().answer(ask('Which law governs ACME?'), send, new AbortController().signal);

      expect(retrieverCalls).toBe(0);
      expect(answerer.requests).toHaveLength(1);
      const request = answerer.requests[0]!;
      expect(request.passages).toEqual([
        expect.objectContaining({ n: 1, category: 'Governing Law', pageNumber: 3 }),
      ]);
      expect(request.clauseShape).toEqual({
        categories: ['Governing Law'],
        answerType: 'place',
        acrossDocuments: false,
      });
      expect(request.namingTerms).toEqual(['acme']);
      expect(repository.saved[0]!.answer).toBe('Delaware [1].');
      expect(repository.saved[0]!.citations.map((citation) => citation.n)).toEqual([1]);

      // The documents the conversation's answers cited go to the clause answers ("it", "these agreements").
      await service().answer(ask('Is it exclusive?'), send, new AbortController().signal);
      expect(conversations).toEqual([[], [7]]);
    });

    it('answers an absent clause without the model, and searches the named document otherwise', async () => {
      answerer = new ScriptedAnswerer(['unused'], 'llama3');
      clauseAnswer = {
        ...delawareClause(),
        text: 'No governing-law clause was found in ACME.',
        citations: [],
      };
      await service().answer(ask('Which law governs ACME?'), send, new AbortController().signal);
      expect(answerer.requests).toHaveLength(0);
      expect(repository.saved[0]!.answer).toBe('No governing-law clause was found in ACME.');
      expect(repository.saved[0]!.citations).toEqual([]);

      clauseAnswer = null;
      named = { documentIds: [7], words: ['acme'] };
      answerer.pieces = ['Ninety days [1].'];
      await service().answer(
        ask('What is the notice in ACME?'),
        send,
        new AbortController().signal,
      );
      expect(retrieverNamed).toEqual([named]);
      expect(conversations).toEqual([[], []]);
    });
  });
});
