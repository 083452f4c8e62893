import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import {
  type ChatHistoryEntry,
  type ChatSession as ChatSessionDto,
  type Citation,
  DEFAULT_CHAT_NAME,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import { ProjectAccess } from '../projects/project-access.service.js';
import { ChatEntry } from './chat-entry.entity.js';
import { ChatSession } from './chat-session.entity.js';

export type NewChatEntry = {
  question: string;
  answer: string;
  sources: string[];
  sourceFiles: string[];
  citations: Citation[];
};

/**
 * Chat sessions and their history: private to the member who created them (issue 17), and only
 * while they are still a member of the project. Anyone else gets 404, owners included.
 */
@Injectable()
export class ChatSessionsService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: ProjectAccess,
  ) {}

  /** The user's own sessions in the project, most recently used first. */
  async list(userId: number, projectId: number): Promise<ChatSessionDto[]> {
    await this.access.require({ id: userId }, projectId, 'chat');
    const sessions = await this.em
      .fork()
      .find(
        ChatSession,
        { project: projectId, createdBy: userId },
        { orderBy: { updatedAt: 'desc', id: 'desc' } },
      );
    return sessions.map(toSessionDto);
  }

  async create(userId: number, projectId: number, name?: string): Promise<ChatSessionDto> {
    await this.access.require({ id: userId }, projectId, 'chat');
    const em = this.em.fork();
    const session = em.create(ChatSession, {
      project: projectId,
      createdBy: userId,
      name: name ?? DEFAULT_CHAT_NAME,
    });
    await em.flush();
    return toSessionDto(session);
  }

  async rename(userId: number, sessionId: number, name: string): Promise<ChatSessionDto> {
    const em = this.em.fork();
    const session = await this.findOwnedOrThrow(userId, sessionId, em);
    session.name = name;
    await em.flush();
    return toSessionDto(session);
  }

  /** Deletes the session and, through the database's cascade, its history. */
  async remove(userId: number, sessionId: number): Promise<void> {
    const session = await this.findOwnedOrThrow(userId, sessionId);
    await this.em.fork().nativeDelete(ChatSession, { id: session.id });
  }

  /** Oldest first, as the conversation reads. */
  async history(userId: number, sessionId: number): Promise<ChatHistoryEntry[]> {
    const session = await this.findOwnedOrThrow(userId, sessionId);
    const entries = await this.em
      .fork()
      .find(ChatEntry, { session: session.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return entries.map(toEntryDto);
  }

  /** The user's own session, while they are still a member of its project; else 404. */
  async findOwnedOrThrow(
    userId: number,
    sessionId: number,
    em: SqlEntityManager = this.em.fork(),
  ): Promise<ChatSession> {
    const session = await em.findOne(ChatSession, { id: sessionId, createdBy: userId });
    if (!session || (await this.access.roleOf(userId, session.project.id)) === null) {
      throw new AppError('NOT_FOUND', 'Chat session not found');
    }
    return session;
  }

  /**
   * Stores an answered question and, when the session still has its default name, renames it
   * after the question: one transaction, so a session is never renamed for an answer that was
   * not kept. Returns the entry, and the new name if the session was renamed.
   */
  /**
   * The documents the session's last `entries` answers cited, most recent first: what "it", "this
   * agreement" and "the documents in this conversation" refer to. Call after the access check.
   */
  async citedDocumentIds(sessionId: number, entries = 3): Promise<number[]> {
    const recent = await this.em
      .fork()
      .find(
        ChatEntry,
        { session: sessionId },
        { orderBy: { createdAt: 'desc', id: 'desc' }, limit: entries, fields: ['citations'] },
      );
    const ids: number[] = [];
    for (const entry of recent)
      for (const citation of entry.citations)
        if (!ids.includes(citation.documentId)) ids.push(citation.documentId);
    return ids;
  }

  async saveEntry(
    sessionId: number,
    entry: NewChatEntry,
    title: string,
  ): Promise<{ entry: ChatHistoryEntry; renamedTo: string | null }> {
    return this.em.fork().transactional(async (em) => {
      const session = await em.findOneOrFail(ChatSession, { id: sessionId });
      const renamedTo = session.name === DEFAULT_CHAT_NAME ? title : null;
      if (renamedTo) session.name = renamedTo;
      // Touched either way: the session moves to the top of the list.
      session.updatedAt = new Date();
      const created = em.create(ChatEntry, { session, ...entry });
      await em.flush();
      return { entry: toEntryDto(created), renamedTo };
    });
  }
}

function toSessionDto(session: ChatSession): ChatSessionDto {
  return {
    id: session.id,
    projectId: session.project.id,
    name: session.name,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
  };
}

function toEntryDto(entry: ChatEntry): ChatHistoryEntry {
  return {
    id: entry.id,
    sessionId: entry.session.id,
    question: entry.question,
    answer: entry.answer,
    sources: entry.sources,
    sourceFiles: JSON.stringify(entry.sourceFiles),
    citations: entry.citations,
    createdAt: entry.createdAt.toISOString(),
  };
}
