import { Body, Controller, Delete, Get, Logger, Param, Patch, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  type AskFields,
  askRequestSchema,
  type AskStreamEvent,
  type ChatHistoryResponse,
  type ChatSessionResponse,
  type ChatSessionsResponse,
  createChatSessionRequestSchema,
  idParamSchema,
  renameChatSessionRequestSchema,
  type SuccessResponse,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import type { AuthenticatedUser } from '../../common/request.js';
import { AnswererError } from '../../infra/answerer/answerer.port.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { AskService } from './ask.service.js';
import { ChatSessionsService } from './chat-sessions.service.js';

/** Comment lines keep proxies from closing a stream while a model thinks before its first word. */
const HEARTBEAT_MS = 15_000;

@Controller('qa')
export class QaController {
  private readonly logger = new Logger(QaController.name);

  constructor(
    private readonly sessions: ChatSessionsService,
    private readonly asks: AskService,
  ) {}

  @Get('sessions/:projectId')
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @Param('projectId', { schema: idParamSchema }) projectId: number,
  ): Promise<ChatSessionsResponse> {
    return { sessions: await this.sessions.list(user.id, projectId) };
  }

  @Post('sessions/:projectId')
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Param('projectId', { schema: idParamSchema }) projectId: number,
    @Body({ schema: createChatSessionRequestSchema }) body: { name?: string },
  ): Promise<ChatSessionResponse> {
    return { session: await this.sessions.create(user.id, projectId, body.name) };
  }

  @Patch('sessions/:sessionId')
  async rename(
    @CurrentUser() user: AuthenticatedUser,
    @Param('sessionId', { schema: idParamSchema }) sessionId: number,
    @Body({ schema: renameChatSessionRequestSchema }) body: { name: string },
  ): Promise<ChatSessionResponse> {
    return { session: await this.sessions.rename(user.id, sessionId, body.name) };
  }

  @Delete('sessions/:sessionId')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('sessionId', { schema: idParamSchema }) sessionId: number,
  ): Promise<SuccessResponse> {
    await this.sessions.remove(user.id, sessionId);
    return { success: true };
  }

  @Get('sessions/:sessionId/history')
  async history(
    @CurrentUser() user: AuthenticatedUser,
    @Param('sessionId', { schema: idParamSchema }) sessionId: number,
  ): Promise<ChatHistoryResponse> {
    return { history: await this.sessions.history(user.id, sessionId) };
  }

  /**
   * Server-sent events (spec §7). What can fail before the first byte (validation, another
   * user's session, no analysed documents) is an ordinary JSON error; after that, an `error`
   * event. A client that disconnects aborts retrieval and generation, and nothing is stored.
   */
  @Post('ask-stream')
  async askStream(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: askRequestSchema }) body: AskFields,
    @Res() response: Response,
  ): Promise<void> {
    const ask = await this.asks.prepare(user.id, body);
    const abort = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) abort.abort(new Error('The client disconnected'));
    });
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    response.socket?.setNoDelay(true);
    const send = (event: AskStreamEvent) => {
      if (!abort.signal.aborted) response.write(`data: ${JSON.stringify(event)}\n\n`);
    };
    const heartbeat = setInterval(() => {
      if (!abort.signal.aborted) response.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);

    try {
      await this.asks.answer(ask, send, abort.signal);
    } catch (error) {
      if (!abort.signal.aborted) send({ type: 'error', ...this.streamError(error) });
    } finally {
      clearInterval(heartbeat);
      response.end();
    }
  }

  private streamError(error: unknown): { error: string; code: string } {
    if (error instanceof AnswererError) {
      this.logger.warn(`Answer failed: ${error.message}`);
      return { error: error.message, code: 'SERVICE_UNAVAILABLE' };
    }
    if (error instanceof AppError) return { error: error.message, code: error.code };
    this.logger.error(error);
    return { error: 'Failed to get response. Please try again.', code: 'INTERNAL_ERROR' };
  }
}
