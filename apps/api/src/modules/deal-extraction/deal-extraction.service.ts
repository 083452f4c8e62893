import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ExtractDealDetailsResponse, ExtractableDealField } from '@clearroom/contracts';
import { dealStages, extractableDealFields, SHORT_TEXT_MAX_LENGTH } from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import { DocumentReader } from '../documents/document-reader.service.js';
import { Project } from '../projects/project.entity.js';
import { ActivityLog, type Actor } from '../activity/activity-log.service.js';
import { ProjectAccess } from '../projects/project-access.service.js';
import { SearchService } from '../search/search.service.js';
import { choosePages, FIELD_QUERIES, HITS_PER_QUERY, type PageRef } from './candidate-pages.js';
import {
  type CandidatePage,
  DEAL_EXTRACTOR,
  type DealExtractor,
} from '../../infra/deal-extractor/deal-extractor.port.js';
import { verifyFoundValues } from './verify-found-values.js';

type CompletedDocument = { id: number; originalName: string; pageCount: number | null };

/**
 * AI Extract: fills a project's deal details from its analysed documents, each value with the
 * page and passage it was read from. It only proposes: the project is unchanged until the user
 * saves the form.
 */
@Injectable()
export class DealExtractionService {
  private readonly logger = new Logger(DealExtractionService.name);

  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: ProjectAccess,
    private readonly activity: ActivityLog,
    private readonly search: SearchService,
    private readonly documents: DocumentReader,
    @Inject(DEAL_EXTRACTOR) private readonly extractor: DealExtractor,
  ) {}

  /** Editors and owners run it; each run is logged. */
  async extract(
    actor: Actor,
    projectId: number,
    signal: AbortSignal,
  ): Promise<ExtractDealDetailsResponse> {
    await this.access.require(actor, projectId, 'extract');
    await this.activity.record({ projectId, actor, action: 'deal_details.extracted' });
    const em = this.em.fork();
    const project = await em.findOneOrFail(Project, { id: projectId }, { fields: ['companyName'] });
    const companyName = project.companyName?.trim() || null;
    // In order of upload (ids grow with uploads).
    const documents: CompletedDocument[] = (
      await this.documents.documentsOf(projectId, { completedOnly: true })
    ).map(({ id, originalName, pageCount }) => ({ id, originalName, pageCount }));
    if (documents.length === 0) return this.withoutDocuments(companyName, signal);

    const pages = await this.readPages(
      projectId,
      documents,
      await this.searchHits(projectId, documents, signal),
    );
    signal.throwIfAborted();
    const found = await this.extractor.extract({ pages, companyName, signal });
    const verified = verifyFoundValues(found, pages, ({ field, reason }) =>
      this.logger.warn(
        `AI Extract (${this.extractor.method}) in project ${projectId}: ${field} dropped, ${reason}`,
      ),
    );
    return {
      ...verified,
      fallbackUsed: false,
      documentsProcessed: new Set(pages.map((page) => page.documentId)).size,
      method: this.extractor.method,
    };
  }

  /** Without analysed documents only a model can help, from the company name the user typed. */
  private async withoutDocuments(
    companyName: string | null,
    signal: AbortSignal,
  ): Promise<ExtractDealDetailsResponse> {
    const known =
      this.extractor.method === 'model' && companyName
        ? await this.extractor.extractFromCompanyName(companyName, signal)
        : null;
    const dealDetails = known ? onlyDealDetails(known) : {};
    if (Object.keys(dealDetails).length === 0) throw this.noDocuments(companyName);
    return {
      dealDetails,
      provenance: {},
      fallbackUsed: true,
      documentsProcessed: 0,
      method: this.extractor.method,
    };
  }

  private noDocuments(companyName: string | null): AppError {
    const first =
      "No analysed documents in this project yet: upload documents and wait for 'Analysis Complete', then try AI Extract again.";
    const why =
      this.extractor.method === 'rules'
        ? ' The built-in extractor reads only the project’s documents and has no web-research fallback.'
        : companyName
          ? ` The model knew nothing it was sure of about "${companyName}".`
          : ' Or enter the Company Name and try again: the model can then answer from what it knows.';
    return new AppError('NO_ANALYSED_DOCUMENTS', first + why);
  }

  /** For each field's query, the pages of completed documents that search ranks highest. */
  private async searchHits(
    projectId: number,
    documents: CompletedDocument[],
    signal: AbortSignal,
  ): Promise<PageRef[][]> {
    const completed = new Set(documents.map((document) => document.id));
    const hitsPerQuery: PageRef[][] = [];
    for (const query of FIELD_QUERIES) {
      const passages = await this.search.passages({
        projectId,
        text: query,
        limit: HITS_PER_QUERY,
        signal,
      });
      hitsPerQuery.push(
        passages
          .filter((passage) => completed.has(passage.documentId))
          .map(({ documentId, pageNumber }) => ({ documentId, pageNumber })),
      );
    }
    return hitsPerQuery;
  }

  /** The chosen pages' text as stored at analysis: the offsets of every quote refer to it. */
  private async readPages(
    projectId: number,
    documents: CompletedDocument[],
    hitsPerQuery: PageRef[][],
  ): Promise<CandidatePage[]> {
    const refs = choosePages(documents, hitsPerQuery);
    const stored = await this.documents.citablePages(projectId, refs);
    const byKey = new Map(stored.map((page) => [`${page.documentId}:${page.pageNumber}`, page]));
    // Most useful first, as chosen: a model reads as many pages as fit in its context.
    return refs.flatMap((ref) => {
      const page = byKey.get(`${ref.documentId}:${ref.pageNumber}`);
      return page
        ? [
            {
              documentId: page.documentId,
              originalname: page.originalname,
              pageNumber: page.pageNumber,
              text: page.text,
            },
          ]
        : [];
    });
  }
}

/** What a model answered from its knowledge, reduced to deal fields with text in them. */
function onlyDealDetails(
  known: Partial<Record<ExtractableDealField, string>>,
): ExtractDealDetailsResponse['dealDetails'] {
  const details: ExtractDealDetailsResponse['dealDetails'] = {};
  for (const field of extractableDealFields) {
    const value = typeof known[field] === 'string' ? known[field].replace(/\s+/g, ' ').trim() : '';
    if (!value || value.length > SHORT_TEXT_MAX_LENGTH) continue;
    if (field === 'dealStage' && !(dealStages as readonly string[]).includes(value)) continue;
    details[field] = value;
  }
  return details;
}
