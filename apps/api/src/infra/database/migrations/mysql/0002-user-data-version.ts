import { Migration } from '@mikro-orm/migrations';

/** A per-user counter of data changes, which validates cached dashboard responses. */
export class UserDataVersion extends Migration {
  override up(): void {
    this.addSql('alter table `users` add `data_version` int not null default 0');
  }
}
