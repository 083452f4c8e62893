import { Module } from '@nestjs/common';
import { CLAUSE_CLASSIFIER } from './clause-classifier.js';
import { ClauseModel } from './model/clause-model.js';

/** The clause model shipped in the repository (trained on CUAD), loaded once per process. */
@Module({
  providers: [{ provide: CLAUSE_CLASSIFIER, useFactory: () => ClauseModel.loadShipped() }],
  exports: [CLAUSE_CLASSIFIER],
})
export class ClauseClassifierModule {}
