import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import {
  BUILT_IN_REVIEW_TEMPLATES,
  type ReviewColumnInput,
  type ReviewTemplate as ReviewTemplateDto,
} from '@clearroom/contracts';
import { ReviewTemplate } from './review-template.entity.js';

/** The built-in templates, then the user's own (oldest first). */
@Injectable()
export class ReviewTemplatesService {
  constructor(private readonly em: SqlEntityManager) {}

  async list(ownerId: number): Promise<ReviewTemplateDto[]> {
    const own = await this.em
      .fork()
      .find(ReviewTemplate, { owner: ownerId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return [...BUILT_IN_REVIEW_TEMPLATES, ...own.map(templateOf)];
  }

  async create(
    ownerId: number,
    fields: { name: string; columns: ReviewColumnInput[] },
  ): Promise<ReviewTemplateDto> {
    const em = this.em.fork();
    const template = em.create(ReviewTemplate, { owner: ownerId, ...fields });
    await em.flush();
    return templateOf(template);
  }
}

function templateOf(template: ReviewTemplate): ReviewTemplateDto {
  return {
    id: String(template.id),
    name: template.name,
    builtIn: false,
    columns: template.columns,
  };
}
