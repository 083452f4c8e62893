import { defineEntity, p } from '@mikro-orm/core';
import type { Citation } from '@clearroom/contracts';
import { ChatSession } from './chat-session.entity.js';

/** One answered question; written only once the answer is complete. */
const ChatEntrySchema = defineEntity({
  name: 'ChatEntry',
  tableName: 'chat_entries',
  properties: {
    id: p.integer().primary().autoincrement(),
    session: () => p.manyToOne(ChatSession).deleteRule('cascade'),
    question: p.text(),
    answer: p.text().columnType('longtext'),
    sources: p.json<string[]>(),
    sourceFiles: p.json<string[]>(),
    citations: p.json<Citation[]>(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
});

export class ChatEntry extends ChatEntrySchema.class {}
ChatEntrySchema.setClass(ChatEntry);
export { ChatEntrySchema };
