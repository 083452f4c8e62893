import { Controller, Delete, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';
import type { Request, Response } from 'express';
import {
  type DocumentPageResponse,
  type FileTokenResponse,
  idParamSchema,
  type ProjectFilesResponse,
  type SuccessResponse,
  type UploadOutcome,
  type UploadResponse,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import type { AppRequest, AuthenticatedUser } from '../../common/request.js';
import { isStoredName } from '../../infra/file-store/file-store.port.js';
import { ActivityLog, type Actor } from '../activity/activity-log.service.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../../common/public.decorator.js';
import { accountDisabled } from '../auth/session.guard.js';
import { SessionService } from '../auth/session.service.js';
import { ProjectAccess } from '../projects/project-access.service.js';
import { DocumentReader } from './document-reader.service.js';
import { DocumentsService } from './documents.service.js';
import { FileServingService, type StoredFile } from './file-serving.service.js';
import { type FileUrlGrant, FileUrlSigner } from './file-url-signer.js';
import { UploadIntakeService } from './upload-intake.service.js';
import { summarize } from './upload-messages.js';

/** Types a browser may render in place; everything else is only ever downloaded. */
const VIEWABLE_INLINE =
  /^(application\/pdf|image\/(jpeg|png)|text\/(plain|csv|markdown|tab-separated-values))$/;

@Controller()
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly reader: DocumentReader,
    private readonly intake: UploadIntakeService,
    private readonly fileServing: FileServingService,
    private readonly signer: FileUrlSigner,
    private readonly sessions: SessionService,
    private readonly access: ProjectAccess,
    private readonly activity: ActivityLog,
  ) {}

  @Get('projects/:projectId/files')
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @Param('projectId', { schema: idParamSchema }) projectId: number,
  ): Promise<ProjectFilesResponse> {
    return { files: await this.documents.list(user.id, projectId) };
  }

  /**
   * 201 when at least one file was stored (or already present); otherwise the status of the
   * first rejection. Either way every file's outcome is in `files`.
   */
  @Post('projects/:projectId/files')
  async upload(
    @CurrentUser() user: AuthenticatedUser,
    @Param('projectId', { schema: idParamSchema }) projectId: number,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.access.require(user, projectId, 'upload');
    const outcomes = await this.intake.upload(user.id, projectId, request);
    if (outcomes.length === 0) {
      throw new AppError('VALIDATION_FAILED', 'Please select files to upload');
    }
    // Stored documents only: a duplicate of one already there stores nothing.
    for (const outcome of outcomes) {
      if (outcome.status !== 'accepted') continue;
      await this.activity.record({
        projectId,
        actor: user,
        action: 'document.uploaded',
        document: { id: outcome.file.id, name: outcome.file.originalname },
      });
    }
    const body: UploadResponse = { files: outcomes, message: summarize(outcomes) };
    const firstRejection = outcomes.find((outcome) => outcome.status === 'rejected');
    const anyStored = outcomes.some((outcome) => outcome.status !== 'rejected');
    if (anyStored || !firstRejection) {
      response.status(201).json(body);
      return;
    }
    const error = new AppError(firstRejection.code, rejectionSummary(outcomes));
    response.status(error.status).json({ ...body, error: error.message, code: error.code });
  }

  @Delete('files/:id')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
  ): Promise<SuccessResponse> {
    const document = await this.documents.remove(user.id, id);
    await this.activity.record({
      projectId: document.project.id,
      actor: user,
      action: 'document.deleted',
      document: { id, name: document.originalName },
    });
    return { success: true };
  }

  /**
   * A short-lived URL that loads the file without the session cookie (for the viewer's frame).
   * It is bound to the session that asked for it (or, with a bearer token, to its user).
   */
  @Get('files/:id/token')
  async token(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: AppRequest,
    @Param('id', { schema: idParamSchema }) id: number,
  ): Promise<FileTokenResponse> {
    const document = await this.reader.requireOwnedDocument(user.id, id);
    const grant: FileUrlGrant = request.sessionToken
      ? { session: this.sessions.idOf(request.sessionToken) }
      : { user: user.id };
    const token = await this.signer.sign(document.id, grant);
    return {
      url: `/api/files/${document.storedName}?token=${encodeURIComponent(token)}`,
    };
  }

  /** The extracted text of one page, which citation offsets refer to. */
  @Get('files/:id/pages/:pageNumber')
  async page(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) id: number,
    @Param('pageNumber', { schema: idParamSchema }) pageNumber: number,
  ): Promise<DocumentPageResponse> {
    return this.reader.pageOrThrow(user.id, id, pageNumber);
  }

  /** The file itself: with the owner's session, or with a valid signed `token`. */
  @Public()
  @Get('files/:filename')
  async view(
    @Req() request: AppRequest,
    @Res() response: Response,
    @Param('filename') filename: string,
    @Query('token') token?: string,
    @Query('download') download?: string,
  ): Promise<void> {
    const { file, viewer } = await this.authorizedFile(request, filename, token);
    const asAttachment =
      download === '1' || download === 'true' || !VIEWABLE_INLINE.test(file.mimeType);
    // One entry per opening: the further range requests of a viewer reading on are not new views.
    if (/^(bytes=0-)?$/.test(request.get('range') ?? '')) {
      await this.activity.record({
        projectId: file.projectId,
        actor: { ...viewer, address: request.ip ?? null },
        action: download === '1' || download === 'true' ? 'document.downloaded' : 'document.viewed',
        document: { id: file.documentId, name: file.originalName },
      });
    }
    response.setHeader(
      'Content-Disposition',
      contentDisposition(file.originalName, { type: asAttachment ? 'attachment' : 'inline' }),
    );
    response.setHeader('Content-Type', textWithCharset(file.mimeType));
    response.setHeader('Cache-Control', 'private, max-age=300');
    // Uploaded files are never active content in our origin: no scripts, forms or plugins with
    // its cookies, even if a browser were to sniff one. PDFs too: the viewer reads them with
    // PDF.js (fetch, which ignores this header), and Chromium still shows a sandboxed PDF opened
    // in a tab of its own.
    response.setHeader('Content-Security-Policy', 'sandbox');
    await this.send(request, response, file);
  }

  /**
   * Streams the file from the file store: the whole file, or the one byte range asked for (206;
   * 416 when it lies beyond the end). A stored name's bytes never change, so the name is its
   * ETag, and a revalidation answers 304.
   */
  private async send(request: AppRequest, response: Response, file: StoredFile): Promise<void> {
    const size = await this.fileServing.sizeOrThrow(file);
    response.setHeader('Accept-Ranges', 'bytes');
    response.setHeader('ETag', `"${file.storedName}"`);
    if (request.fresh) {
      response.status(304).end();
      return;
    }
    const ranges = request.headers.range ? request.range(size, { combine: true }) : undefined;
    if (ranges === -1) {
      response.setHeader('Content-Range', `bytes */${size}`);
      response.status(416).end();
      return;
    }
    // Several ranges at once (multipart answers) are not served: the whole file is, as before.
    const range =
      Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : null;
    if (range) {
      response.status(206);
      response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    }
    response.setHeader('Content-Length', range ? range.end - range.start + 1 : size);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const bytes = this.fileServing.open(file, range ?? undefined);
    await new Promise<void>((resolve, reject) => {
      bytes.on('error', (error) => {
        // Unreadable before a byte was sent: 404. Cut off later: the response ends with it.
        if (!response.headersSent) reject(new AppError('NOT_FOUND', 'File not found'));
        else {
          response.destroy(error);
          resolve();
        }
      });
      // Sent, or the reader went away: either way the file is closed.
      response.on('close', () => {
        bytes.destroy();
        resolve();
      });
      bytes.pipe(response);
    });
  }

  /** The file, and who is reading it (the session's user, or the signed URL's). */
  private async authorizedFile(
    request: AppRequest,
    filename: string,
    token: string | undefined,
  ): Promise<{ file: StoredFile; viewer: Actor }> {
    if (token !== undefined) {
      const file = isStoredName(filename)
        ? await this.fileServing.findStoredFileByNameOrThrow(filename).catch(() => null)
        : null;
      const check = file ? await this.signer.verify(token, file.documentId) : null;
      if (!file || !check?.valid) {
        throw new AppError(
          'FORBIDDEN',
          check && !check.valid && check.reason === 'expired'
            ? 'This link to the document has expired: open it again from Clearroom.'
            : 'This link to the document is not valid: open it again from Clearroom.',
        );
      }
      return this.fileStillGrantedOrThrow(check.grant, filename);
    }
    if (request.accountDisabled) throw accountDisabled();
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    if (!isStoredName(filename)) throw new AppError('NOT_FOUND', 'File not found');
    const file = await this.fileServing.findStoredFileOrThrow(request.user.id, filename);
    return { file, viewer: request.user };
  }

  /**
   * A signed URL lives no longer than what granted it: the session must still be alive (not
   * logged out, expired or ended by the identity provider) and its user still allowed to read
   * the document, as checked for a request with that session.
   */
  private async fileStillGrantedOrThrow(
    grant: FileUrlGrant,
    filename: string,
  ): Promise<{ file: StoredFile; viewer: Actor }> {
    const viewer =
      'session' in grant
        ? await this.sessions.userOfLiveSession(grant.session)
        : await this.sessions.activeUser(grant.user);
    // Membership is checked again at each use: a member removed since loses the link at once.
    const file =
      viewer === null
        ? null
        : await this.fileServing.findStoredFileOrThrow(viewer.id, filename).catch(() => null);
    if (!file || !viewer) {
      throw new AppError(
        'FORBIDDEN',
        'This link to the document is no longer valid (signed out, or access removed): ' +
          'open it again from Clearroom.',
      );
    }
    return { file, viewer };
  }
}

function rejectionSummary(outcomes: UploadOutcome[]): string {
  const errors = outcomes.flatMap((outcome) =>
    outcome.status === 'rejected' ? [outcome.error] : [],
  );
  return errors.length === 1
    ? errors[0]!
    : `No file was uploaded: ${errors.length} files were rejected.`;
}

function textWithCharset(mimeType: string): string {
  return mimeType.startsWith('text/') ? `${mimeType}; charset=utf-8` : mimeType;
}
