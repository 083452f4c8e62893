import { z } from 'zod';
import { noControlCharacters, withoutControlCharacters } from './text.js';

/** Spec §9: a new session's name, and how many recent messages a question carries. */
export const DEFAULT_CHAT_NAME = 'New Chat';
export const CHAT_HISTORY_MESSAGES = 6;
export const QUESTION_MAX_LENGTH = 2000;
export const CHAT_NAME_MAX_LENGTH = 120;
/** A history message is cut to this many characters before it reaches retrieval or a model. */
export const HISTORY_MESSAGE_MAX_LENGTH = 8000;

export type ChatSession = {
  id: number;
  projectId: number;
  name: string;
  createdAt: string;
  updatedAt: string;
};
export type ChatSessionsResponse = { sessions: ChatSession[] };
export type ChatSessionResponse = { session: ChatSession };

const sessionName = z
  .string({ error: 'Session name must be text' })
  .trim()
  .min(1, { message: 'Session name is required', abort: true })
  .refine(...noControlCharacters('Session name', 'single-line'))
  .max(CHAT_NAME_MAX_LENGTH, `Session name must be at most ${CHAT_NAME_MAX_LENGTH} characters`);

/** `POST /api/qa/sessions/:projectId`: the name is optional and defaults to 'New Chat'. */
export const createChatSessionRequestSchema = z.strictObject({ name: sessionName.optional() });
export type CreateChatSessionRequest = z.input<typeof createChatSessionRequestSchema>;

/** `PATCH /api/qa/sessions/:sessionId`. */
export const renameChatSessionRequestSchema = z.strictObject({ name: sessionName });
export type RenameChatSessionRequest = z.input<typeof renameChatSessionRequestSchema>;

/**
 * One verified citation: the passage `[n]` of an answer points to. `quote` is exactly
 * `pageText.slice(start, end)` of the cited page (checked before it is shown), so the viewer can
 * open the document at `pageNumber` and highlight it.
 */
export type Citation = {
  /** The number used in the answer text, `[n]`. */
  n: number;
  documentId: number;
  originalname: string;
  /** Stored name, for `/api/files/{filename}`. */
  filename: string;
  mimetype: string;
  pageNumber: number;
  quote: string;
  start: number;
  end: number;
};

/** Spec §3 "Chat history entry", extended with the structured citations. */
export type ChatHistoryEntry = {
  id: number;
  sessionId: number;
  question: string;
  answer: string;
  /** One per citation, in citation order: `"<original name> (Page N)"`. */
  sources: string[];
  /** JSON-encoded list of the cited documents' original names (spec §3). */
  sourceFiles: string;
  citations: Citation[];
  createdAt: string;
};
export type ChatHistoryResponse = { history: ChatHistoryEntry[] };

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant'], { error: "A message's role must be 'user' or 'assistant'" }),
  content: z.string({ error: "A message's content must be text" }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * An id as a JSON number (1) or its decimal digits ("1"), and nothing looser: not true, [1],
 * "0x1" nor " 1 ", which a coercion would all read as 1.
 */
const positiveId = (label: string) => {
  const error = `${label} must be a positive integer`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^[1-9]\d{0,15}$/)
          .transform(Number),
      ],
      { error },
    )
    .refine((id) => Number.isSafeInteger(id) && id > 0, error);
};

const questionRequired = 'Question required: Please enter a question to ask about your documents.';

/**
 * `POST /api/qa/ask-stream` (spec §7). Only the last 6 history messages are used; control
 * characters are removed from them (they may quote a document) rather than refused.
 */
export const askRequestSchema = z.strictObject({
  project_id: positiveId('project_id'),
  sessionId: positiveId('sessionId'),
  question: z
    .string({ error: questionRequired })
    .trim()
    .min(1, { message: questionRequired, abort: true })
    .refine(...noControlCharacters('The question', 'multi-line'))
    .max(QUESTION_MAX_LENGTH, `The question must be at most ${QUESTION_MAX_LENGTH} characters`),
  conversation_history: z
    .array(chatMessageSchema, { error: 'conversation_history must be a list of messages' })
    .max(100, 'conversation_history must hold at most 100 messages')
    .default([])
    .transform((messages) =>
      messages.slice(-CHAT_HISTORY_MESSAGES).map((message) => ({
        role: message.role,
        content: withoutControlCharacters(message.content).slice(0, HISTORY_MESSAGE_MAX_LENGTH),
      })),
    ),
});
export type AskRequest = z.input<typeof askRequestSchema>;
/** The same, once validated: trimmed, with at most the last 6 history messages. */
export type AskFields = z.output<typeof askRequestSchema>;

/**
 * The events of the ask stream, each sent as one `data: <json>` line (spec §7). Order:
 * `metadata`, then `chunk`s, then `session_updated` (only when the session was renamed), then
 * `complete`; or `error` at any point, after which nothing else is sent.
 */
export type AskStreamEvent =
  | {
      type: 'metadata';
      /** `"<original name> (Page N)"` per passage given to the answerer, in `[n]` order. */
      sources: string[];
      /** Original names of the documents those passages come from, without repeats. */
      sourceFiles: string[];
      /** The passages given to the answerer, each verified against its page. */
      citations: Citation[];
    }
  | { type: 'chunk'; content: string }
  | { type: 'session_updated'; sessionId: number; sessionName: string }
  | {
      type: 'complete';
      fullAnswer: string;
      /** Only the citations the answer actually uses, with their sources: what is stored. */
      sources: string[];
      sourceFiles: string[];
      citations: Citation[];
      entry: ChatHistoryEntry;
    }
  | { type: 'error'; error: string; code: string };

/** At most this many characters of a page are sent (pages analysed now are 64 K at most). */
export const PAGE_TEXT_SHOWN = 256 * 1024;

/** The text of a page as extracted, for the viewer of formats other than PDF. */
export type DocumentPageResponse = {
  documentId: number;
  pageNumber: number;
  pageCount: number;
  /** The page's text, or its first PAGE_TEXT_SHOWN characters when `truncated`. */
  text: string;
  /** A page analysed before pages were bounded can be longer than is sent. */
  truncated: boolean;
};
