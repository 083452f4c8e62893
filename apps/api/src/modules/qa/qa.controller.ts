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
import { type AnswerOutcome, Metrics } from '../../infra/metrics/metrics.port.js';
import { ActivityLog } from '../activity/activity-log.service.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { ShutdownSignal } from '../health/shutdown-signal.js';
import { AccessRevocations } from '../projects/access-revocations.js';
import { ProjectAccess } from '../projects/project-access.service.js';
import { AskService } from './ask.service.js';
import { ChatSessionsService } from './chat-sessions.service.js';

/** Comment lines keep proxies from closing a stream while a model thinks before its first word. */
const HEARTBEAT_MS = 15_000;

/**
 * How often an open answer stream checks that its asker is still a member (a removal made through
 * another API replica; removals through this one end the stream at once).
 */
const ACCESS_CHECK_MS = 2_000;

/** What an asker reads when their access ends while an answer streams. */
export const ACCESS_ENDED_MESSAGE = 'Your access to this project has ended.';

/** What an asker reads when a restart (rolling update, scale-down) cuts the answer short. */
export const RESTARTING_MESSAGE = 'The server is restarting. Please ask again.';

@Controller('qa')
export class QaController {
  private readonly logger = new Logger(QaController.name);

  constructor(
    private readonly sessions: ChatSessionsService,
    private readonly asks: AskService,
    private readonly shutdown: ShutdownSignal,
    private readonly metrics: Metrics,
    private readonly activity: ActivityLog,
    private readonly access: ProjectAccess,
    private readonly revocations: AccessRevocations,
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
   * event. A client that disconnects aborts retrieval and generation, and nothing is stored; so
   * does a shutdown, which ends the stream with an `error` event asking to ask again.
   * Timed into clearroom_answer_first_token_seconds and clearroom_answer_duration_seconds.
   */
  @Post('ask-stream')
  async askStream(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: askRequestSchema }) body: AskFields,
    @Res() response: Response,
  ): Promise<void> {
    const started = performance.now();
    this.refuseWhenShuttingDown();
    const ask = await this.asks.prepare(user.id, body);
    this.refuseWhenShuttingDown();
    // Logged once the question is accepted (its text only, never the answer).
    await this.activity.record({
      projectId: ask.projectId,
      actor: user,
      action: 'question.asked',
      details: { question: ask.question, sessionId: ask.sessionId },
    });
    const abort = new AbortController();
    let clientGone = false;
    // Removal from the project (or a disabled account) ends the stream at once; nothing is stored.
    let accessEnded = false;
    const endForRevocation = () => {
      accessEnded = true;
      abort.abort(new Error(ACCESS_ENDED_MESSAGE));
    };
    const unregister = this.revocations.register(user.id, ask.projectId, endForRevocation);
    const accessCheck = setInterval(() => {
      this.access.roleOf(user.id, ask.projectId).then(
        (role) => {
          if (role === null) endForRevocation();
        },
        () => undefined,
      );
    }, ACCESS_CHECK_MS);
    response.on('close', () => {
      if (response.writableFinished) return;
      clientGone = true;
      abort.abort(new Error('The client disconnected'));
    });
    const stopForShutdown = () => abort.abort(this.shutdown.signal.reason);
    this.shutdown.signal.addEventListener('abort', stopForShutdown, { once: true });
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    response.socket?.setNoDelay(true);
    const write = (event: AskStreamEvent) => {
      if (!clientGone) response.write(`data: ${JSON.stringify(event)}\n\n`);
    };
    let firstTokenAt: number | null = null;
    let outcome: AnswerOutcome = 'aborted';
    const send = (event: AskStreamEvent) => {
      if (event.type === 'chunk') firstTokenAt ??= performance.now();
      if (event.type === 'complete') outcome = 'complete';
      write(event);
    };
    const heartbeat = setInterval(() => {
      if (!clientGone) response.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);

    try {
      await this.asks.answer(ask, send, abort.signal);
    } catch (error) {
      if (!abort.signal.aborted) {
        outcome = 'error';
        write({ type: 'error', ...this.streamError(error) });
      } else if (accessEnded && !clientGone) {
        write({ type: 'error', error: ACCESS_ENDED_MESSAGE, code: 'NOT_FOUND' });
      } else if (!clientGone) {
        write({ type: 'error', error: RESTARTING_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
      }
    } finally {
      this.shutdown.signal.removeEventListener('abort', stopForShutdown);
      clearInterval(heartbeat);
      clearInterval(accessCheck);
      unregister();
      response.end();
      this.observeAnswer(outcome, started, firstTokenAt);
    }
  }

  private refuseWhenShuttingDown(): void {
    if (this.shutdown.isShuttingDown) throw new AppError('SERVICE_UNAVAILABLE', RESTARTING_MESSAGE);
  }

  private observeAnswer(outcome: AnswerOutcome, started: number, firstTokenAt: number | null) {
    const now = performance.now();
    this.metrics.answerDuration.observe({ outcome }, (now - started) / 1000);
    if (firstTokenAt !== null) {
      this.metrics.answerFirstToken.observe({ outcome }, (firstTokenAt - started) / 1000);
    }
  }

  private streamError(error: unknown): { error: string; code: string } {
    if (error instanceof AnswererError) {
      this.logger.warn(`Answer failed: ${error.message}`);
      return { error: error.message, code: error.code };
    }
    if (error instanceof AppError) return { error: error.message, code: error.code };
    this.logger.error(error);
    return { error: 'Failed to get response. Please try again.', code: 'INTERNAL_ERROR' };
  }
}
