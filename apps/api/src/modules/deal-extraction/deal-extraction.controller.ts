import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ExtractDealDetailsResponse, idParamSchema } from '@clearroom/contracts';
import type { AuthenticatedUser } from '../../common/request.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { DealExtractionService } from './deal-extraction.service.js';

@Controller('projects/:id/extract-deal-details')
export class DealExtractionController {
  constructor(private readonly dealExtraction: DealExtractionService) {}

  /** Proposed deal details with where each was read; the project itself is not changed. */
  @Post()
  @HttpCode(200)
  async extract(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', { schema: idParamSchema }) projectId: number,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ExtractDealDetailsResponse> {
    // A client that leaves stops the work (a model's answer can take minutes).
    const left = new AbortController();
    const onClose = () => {
      if (!response.writableFinished) left.abort(new Error('The client closed the connection'));
    };
    response.on('close', onClose);
    try {
      return await this.dealExtraction.extract(user, projectId, left.signal);
    } finally {
      response.off('close', onClose);
    }
  }
}
