import { defineEntity, p } from '@mikro-orm/core';
import { Project } from '../projects/project.entity.js';

const ChatSessionSchema = defineEntity({
  name: 'ChatSession',
  tableName: 'chat_sessions',
  properties: {
    id: p.integer().primary().autoincrement(),
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    name: p.string().length(120),
    createdAt: p.datetime(3).onCreate(() => new Date()),
    updatedAt: p
      .datetime(3)
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['project', 'updatedAt'] }],
});

export class ChatSession extends ChatSessionSchema.class {}
ChatSessionSchema.setClass(ChatSession);
export { ChatSessionSchema };
