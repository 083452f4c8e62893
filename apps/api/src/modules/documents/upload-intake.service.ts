import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { UploadOutcome } from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { FILE_STORE, type FileStore } from '../../infra/file-store/file-store.port.js';
import { JOB_QUEUE, type JobQueue } from '../../infra/job-queue/job-queue.port.js';
import { Project } from '../projects/project.entity.js';
import { ProjectAccess } from '../projects/project-access.service.js';
import { toProjectFile } from './document-dto.js';
import { Document } from './document.entity.js';
import { ingestJobKey } from './ingest-job.js';
import { DETECTION_HEAD_BYTES, detectFileType } from './upload/detect-file-type.js';
import { receiveUploads, type ReceivedPart, UploadReadError } from './upload/receive-uploads.js';
import { rejectionFor } from './upload-messages.js';

/**
 * Upload intake: receives a multipart upload into the file store, decides each file's type from
 * its bytes, stores new documents (a duplicate of a project's document is not stored twice) and
 * queues their analysis.
 */
@Injectable()
export class UploadIntakeService {
  private readonly logger = new Logger(UploadIntakeService.name);

  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: ProjectAccess,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Receives a multipart upload (editors and owners); each part gets its own outcome, in the
   * order sent.
   */
  async upload(
    userId: number,
    projectId: number,
    request: IncomingMessage,
  ): Promise<UploadOutcome[]> {
    await this.access.require({ id: userId }, projectId, 'upload');
    if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Upload files as multipart/form-data, each in a field named "files"',
      );
    }
    const outcomes: UploadOutcome[] = [];
    try {
      await receiveUploads(request, this.config.uploads, this.files, async (part) => {
        outcomes.push(await this.accept(projectId, part));
      });
    } catch (error) {
      this.logger.warn(`Upload to project ${projectId} ended early: ${String(error)}`);
      if (error instanceof UploadReadError && error.reason === 'malformed') {
        throw new AppError(
          'VALIDATION_FAILED',
          `The upload could not be read (${error.message}): send multipart/form-data with each file in a field named "files".`,
        );
      }
      throw new AppError('VALIDATION_FAILED', 'The upload was interrupted. Please try again.');
    }
    return outcomes;
  }

  private async accept(projectId: number, part: ReceivedPart): Promise<UploadOutcome> {
    if (part.kind === 'bad-name') return rejectionFor(part, this.config.uploads);
    const originalName = cleanFileName(part.originalName);
    if (part.kind !== 'file') return rejectionFor({ ...part, originalName }, this.config.uploads);

    const head = await readAll(
      this.files.openIncoming(part.incomingId, { start: 0, end: DETECTION_HEAD_BYTES - 1 }),
    );
    const type = await detectFileType(head, originalName);
    if (!type.accepted) {
      await this.files.discardIncoming(part.incomingId);
      return {
        status: 'rejected',
        originalname: originalName,
        size: part.size,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        error: type.reason,
      };
    }
    const existing = await this.em
      .fork()
      .findOne(Document, { project: projectId, sha256: part.sha256 });
    if (existing) {
      await this.files.discardIncoming(part.incomingId);
      // Uploading a failed document, or one completed with pages it could not read, again
      // analyses it again (e.g. after OCR was installed).
      if (
        existing.status === 'failed' ||
        (existing.status === 'completed' && existing.analysisNote)
      )
        await this.retryAnalysis(existing);
      return duplicateOf(existing, originalName, part.size);
    }

    const storedName = await this.files.commit(part.incomingId, type.extension);
    const em = this.em.fork();
    const document = em.create(Document, {
      project: em.getReference(Project, projectId),
      storedName,
      originalName,
      mimeType: type.mimeType,
      size: part.size,
      sha256: part.sha256,
    });
    try {
      await em.flush();
    } catch (error) {
      await this.files.remove(storedName);
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      // The same content arrived concurrently in another request.
      const winner = await this.em
        .fork()
        .findOneOrFail(Document, { project: projectId, sha256: part.sha256 });
      return duplicateOf(winner, originalName, part.size);
    }
    try {
      await this.queue.enqueue('ingest', { documentId: document.id }, ingestJobKey(document.id));
    } catch (error) {
      // The document is saved as awaiting analysis; the worker's periodic sweep queues it.
      this.logger.error(`Could not queue document ${document.id} for analysis: ${String(error)}`);
    }
    return {
      status: 'accepted',
      originalname: originalName,
      size: part.size,
      file: toProjectFile(document),
    };
  }

  private async retryAnalysis(document: Document): Promise<void> {
    const changes = {
      status: 'awaiting_processing',
      failureReason: null,
      analysisNote: null,
      pagesProcessed: 0,
    } satisfies Partial<Document>;
    Object.assign(document, changes);
    await this.em.fork().nativeUpdate(Document, { id: document.id }, changes);
    await this.queue.enqueue('ingest', { documentId: document.id }, ingestJobKey(document.id));
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function duplicateOf(existing: Document, originalName: string, size: number): UploadOutcome {
  return { status: 'duplicate', originalname: originalName, size, file: toProjectFile(existing) };
}

/**
 * The name as the user knows it, without any folder part a browser or a hostile client sent
 * ("../../etc/passwd" becomes "passwd"). Metadata only. Names with control characters or longer
 * than 255 characters never get here (upload/file-names.ts).
 */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFC').trim();
  return base === '' || base === '.' || base === '..' ? 'unnamed' : base;
}
