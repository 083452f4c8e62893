import { Migration } from '@mikro-orm/migrations';

/**
 * Valuations are read from their text when totals are made (negative, absurd and non-dollar
 * amounts left out), so the number stored beside the text goes: it held such amounts as they
 * were read at the time.
 */
export class ValuationReadFromText extends Migration {
  override up(): void {
    this.addSql('alter table `projects` drop column `valuation_amount`');
  }
}
