import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  controlCharactersMessage,
  hasControlCharacters,
  idParamSchema,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_QUERY_MAX_LENGTH,
  type SearchResponse,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import type { AuthenticatedUser } from '../../common/request.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { SearchService } from './search.service.js';

@Controller('projects/:projectId/search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  /** Ranked passages for `q`, with document, page and the offsets to highlight. */
  @Get()
  async search(
    @CurrentUser() user: AuthenticatedUser,
    @Param('projectId', { schema: idParamSchema }) projectId: number,
    @Query('q') q?: string,
    @Query('limit') limitParam?: string,
  ): Promise<SearchResponse> {
    const query = typeof q === 'string' ? q.trim() : '';
    if (!query) throw new AppError('VALIDATION_FAILED', 'Enter something to search for (q)');
    if (hasControlCharacters(query, 'multi-line')) {
      throw new AppError(
        'VALIDATION_FAILED',
        controlCharactersMessage('The search text (q)', 'multi-line'),
      );
    }
    if (query.length > SEARCH_QUERY_MAX_LENGTH) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The search text must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
      );
    }
    const limit = limitParam === undefined ? SEARCH_DEFAULT_LIMIT : Number(limitParam);
    if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_MAX_LIMIT) {
      throw new AppError(
        'VALIDATION_FAILED',
        `limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`,
      );
    }
    return { query, passages: await this.searchService.search(user.id, projectId, query, limit) };
  }
}
