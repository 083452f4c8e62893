import { Inject, Injectable } from '@nestjs/common';
import type { SearchPassage } from '@clearroom/contracts';
import { EMBEDDER, type Embedder } from '../../infra/embedder/embedder.port.js';
import {
  SEARCH_INDEX,
  type SearchHit,
  type SearchIndex,
} from '../../infra/search-index/search-index.port.js';
import { DocumentReader } from '../documents/document-reader.service.js';
import { ProjectAccess } from '../projects/project-access.service.js';

export type ProjectQuery = {
  projectId: number;
  text: string;
  limit: number;
  signal?: AbortSignal;
  /** Only these documents of the project. */
  documentIds?: number[];
};

/**
 * Hybrid retrieval within one project: the assistant's first step, and a tool on its own.
 * `search` is the tool (it checks the user's access); `hits` and `passages` are for a caller that
 * checked access to the project already (the assistant, deal extraction), so that one request
 * checks it once.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly access: ProjectAccess,
    private readonly documents: DocumentReader,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  async search(
    userId: number,
    projectId: number,
    text: string,
    limit: number,
    signal?: AbortSignal,
  ): Promise<SearchPassage[]> {
    await this.access.require({ id: userId }, projectId, 'read');
    return this.passages({ projectId, text, limit, signal });
  }

  /** The index's hits for the query (one embedding of its text), without document names. */
  async hits(query: ProjectQuery): Promise<SearchHit[]> {
    const vector =
      this.embedder.dimensions === null
        ? null
        : ((await this.embedder.embed([query.text], query.signal))[0] ?? null);
    return this.index.search({
      projectId: query.projectId,
      text: query.text,
      vector,
      k: query.limit,
      signal: query.signal,
      documentIds: query.documentIds,
    });
  }

  /** The hits with their documents' names. */
  async passages(query: ProjectQuery): Promise<SearchPassage[]> {
    const hits = await this.hits(query);
    const names = await this.documents.namesIn(query.projectId, [
      ...new Set(hits.map((hit) => hit.documentId)),
    ]);
    return withNames(hits, names);
  }
}

/** A hit whose document was deleted a moment ago (no name) is dropped, never shown without its file. */
export function withNames(
  hits: readonly SearchHit[],
  names: ReadonlyMap<number, string>,
): SearchPassage[] {
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
