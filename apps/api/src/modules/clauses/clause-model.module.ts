import { Module } from '@nestjs/common';
import { ClauseModel } from './model/clause-model.js';

/** The clause model shipped in the repository (trained on CUAD), loaded once per process. */
@Module({
  providers: [{ provide: ClauseModel, useFactory: () => ClauseModel.loadShipped() }],
  exports: [ClauseModel],
})
export class ClauseModelModule {}
