import { Injectable } from '@nestjs/common';
import type { ChatHistoryEntry } from '@clearroom/contracts';
import { type CitablePage, DocumentReader } from '../documents/document-reader.service.js';
import { ChatSessionsService, type NewChatEntry } from './chat-sessions.service.js';

/** The chat session a question is asked in. */
export type AskSession = { id: number; projectId: number };

/**
 * All I/O of answering a question except retrieval and the answerer: the session (checked to be
 * the user's: the one access check of the question's path), the project's documents (progress,
 * cited pages) and storing the answered entry. AskService holds the logic and is tested against
 * an in-memory version of this (ask.service.spec.ts).
 */
@Injectable()
export class AskRepository {
  constructor(
    private readonly sessions: ChatSessionsService,
    private readonly documents: DocumentReader,
  ) {}

  /** The user's session; NOT_FOUND otherwise. */
  async requireOwnedSession(ownerId: number, sessionId: number): Promise<AskSession> {
    const session = await this.sessions.findOwnedOrThrow(ownerId, sessionId);
    return { id: session.id, projectId: session.project.id };
  }

  progressOf(projectId: number): Promise<{ total: number; completed: number }> {
    return this.documents.progressOf(projectId);
  }

  citablePages(
    projectId: number,
    refs: readonly { documentId: number; pageNumber: number }[],
  ): Promise<CitablePage[]> {
    return this.documents.citablePages(projectId, refs);
  }

  /** The documents the session's recent answers cited, most recent first. */
  conversationDocumentIds(sessionId: number): Promise<number[]> {
    return this.sessions.citedDocumentIds(sessionId);
  }

  /** Stores the entry, renaming a session that still has its default name to `title`. */
  saveEntry(
    sessionId: number,
    entry: NewChatEntry,
    title: string,
  ): Promise<{ entry: ChatHistoryEntry; renamedTo: string | null }> {
    return this.sessions.saveEntry(sessionId, entry, title);
  }
}
