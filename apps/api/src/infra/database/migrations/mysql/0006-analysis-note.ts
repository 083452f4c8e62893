import { Migration } from '@mikro-orm/migrations';

/** A completed document's note on what analysis could not read, e.g. scanned pages without OCR. */
export class AnalysisNote extends Migration {
  override up(): void {
    this.addSql('alter table `documents` add `analysis_note` text null');
  }
}
