import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../infra/identity/identity.port.js';
import { Project } from '../projects/project.entity.js';

const ChatSessionSchema = defineEntity({
  name: 'ChatSession',
  tableName: 'chat_sessions',
  properties: {
    id: p.integer().primary().autoincrement(),
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    /** Sessions are private to the member who created them (issue 17); set on every session. */
    createdBy: () => p.manyToOne(User).deleteRule('cascade').nullable(),
    name: p.string().length(120),
    createdAt: p.datetime(3).onCreate(() => new Date()),
    updatedAt: p
      .datetime(3)
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [
    { properties: ['project', 'updatedAt'] },
    { properties: ['project', 'createdBy', 'updatedAt'] },
  ],
});

export class ChatSession extends ChatSessionSchema.class {}
ChatSessionSchema.setClass(ChatSession);
export { ChatSessionSchema };
