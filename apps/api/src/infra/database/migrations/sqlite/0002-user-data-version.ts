import { Migration } from '@mikro-orm/migrations';

/** A per-user counter of data changes, which validates cached dashboard responses. */
export class UserDataVersion extends Migration {
  override up(): void {
    this.addSql('alter table `users` add column `data_version` integer not null default 0');
  }
}
