import { Module } from '@nestjs/common';
import { ClauseEvidenceReader } from '../clauses/clause-evidence.reader.js';
import { ClauseIndexReviewCellAnswerer } from './clause-index.review-cell-answerer.js';
import { KeywordReviewCellAnswerer } from './keyword.review-cell-answerer.js';
import { REVIEW_CELL_ANSWERER } from './review-cell-answerer.port.js';
import { ReviewCellsRunner } from './review-cells.runner.js';
import { ReviewSweeper } from './review-sweeper.js';

/** The worker role's part of review grids: answering cells and finding rows left to fill. */
@Module({
  providers: [
    ReviewCellsRunner,
    ReviewSweeper,
    ClauseEvidenceReader,
    KeywordReviewCellAnswerer,
    { provide: REVIEW_CELL_ANSWERER, useClass: ClauseIndexReviewCellAnswerer },
  ],
  exports: [ReviewCellsRunner],
})
export class ReviewCellsModule {}
