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
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../../common/public.decorator.js';
import { SessionService } from '../auth/session.service.js';
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
    const outcomes = await this.intake.upload(user.id, projectId, request);
    if (outcomes.length === 0) {
      throw new AppError('VALIDATION_FAILED', 'Please select files to upload');
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
    await this.documents.remove(user.id, id);
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
    const file = await this.authorizedFile(request, filename, token);
    const asAttachment =
      download === '1' || download === 'true' || !VIEWABLE_INLINE.test(file.mimeType);
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
    await new Promise<void>((resolve, reject) => {
      response.sendFile(file.path, { dotfiles: 'deny', lastModified: false }, (error) => {
        if (!error) resolve();
        else if (response.headersSent) resolve();
        else reject(new AppError('NOT_FOUND', 'File not found'));
      });
    });
  }

  private async authorizedFile(
    request: AppRequest,
    filename: string,
    token: string | undefined,
  ): Promise<StoredFile> {
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
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    if (!isStoredName(filename)) throw new AppError('NOT_FOUND', 'File not found');
    return this.fileServing.findStoredFileOrThrow(request.user.id, filename);
  }

  /**
   * A signed URL lives no longer than what granted it: the session must still be alive (not
   * logged out, expired or ended by the identity provider) and its user still allowed to read
   * the document, as checked for a request with that session.
   */
  private async fileStillGrantedOrThrow(grant: FileUrlGrant, filename: string) {
    const userId =
      'session' in grant
        ? ((await this.sessions.userOfLiveSession(grant.session))?.id ?? null)
        : grant.user;
    const file =
      userId === null
        ? null
        : await this.fileServing.findStoredFileOrThrow(userId, filename).catch(() => null);
    if (!file) {
      throw new AppError(
        'FORBIDDEN',
        'This link to the document is no longer valid (signed out, or access removed): ' +
          'open it again from Clearroom.',
      );
    }
    return file;
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
