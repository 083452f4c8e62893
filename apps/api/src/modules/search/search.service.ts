import { Inject, Injectable } from '@nestjs/common';
import type { SearchPassage } from '@clearroom/contracts';
import { EMBEDDER, type Embedder } from '../../infra/embedder/embedder.port.js';
import { SEARCH_INDEX, type SearchIndex } from '../../infra/search-index/search-index.port.js';
import { DocumentsService } from '../documents/documents.service.js';
import { ProjectAccess } from '../projects/project-access.service.js';

/** Hybrid retrieval within one project (any member): the assistant's first step, and a tool on its own. */
@Injectable()
export class SearchService {
  constructor(
    private readonly access: ProjectAccess,
    private readonly documents: DocumentsService,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  async search(
    userId: number,
    projectId: number,
    text: string,
    limit: number,
    signal?: AbortSignal,
    documentIds?: number[],
  ): Promise<SearchPassage[]> {
    await this.access.require({ id: userId }, projectId, 'read');
    const vector =
      this.embedder.dimensions === null
        ? null
        : ((await this.embedder.embed([text], signal))[0] ?? null);
    const hits = await this.index.search({
      projectId,
      text,
      vector,
      k: limit,
      signal,
      documentIds,
    });
    const names = await this.documents.namesIn(projectId, [
      ...new Set(hits.map((hit) => hit.documentId)),
    ]);
    // A hit whose document was deleted a moment ago is dropped, never shown without its file.
    return hits.flatMap((hit) => {
      const originalname = names.get(hit.documentId);
      return originalname === undefined
        ? []
        : [
            {
              documentId: hit.documentId,
              originalname,
              pageNumber: hit.pageNumber,
              start: hit.start,
              end: hit.end,
              text: hit.text,
              score: hit.score,
            },
          ];
    });
  }
}
