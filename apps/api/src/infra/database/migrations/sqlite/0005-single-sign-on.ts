import { Migration } from '@mikro-orm/migrations';

/** Single sign-on: accounts linked to the identity provider's subject, and provider sessions. */
export class SingleSignOn extends Migration {
  override up(): void {
    this.addSql('alter table `users` add column `oidc_subject` text null');
    this.addSql('alter table `users` add column `roles` json null');
    this.addSql('create unique index `users_oidc_subject_unique` on `users` (`oidc_subject`)');
    this.addSql('alter table `sessions` add column `oidc_sid` text null');
    this.addSql('alter table `sessions` add column `oidc_data` text null');
    this.addSql('create index `sessions_oidc_sid_index` on `sessions` (`oidc_sid`)');
  }
}
