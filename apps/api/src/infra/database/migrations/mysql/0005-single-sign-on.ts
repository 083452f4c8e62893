import { Migration } from '@mikro-orm/migrations';

/** Single sign-on: accounts linked to the identity provider's subject, and provider sessions. */
export class SingleSignOn extends Migration {
  override up(): void {
    this.addSql('alter table `users` add `oidc_subject` varchar(255) null, add `roles` json null');
    this.addSql('alter table `users` add unique `users_oidc_subject_unique` (`oidc_subject`)');
    this.addSql(
      'alter table `sessions` add `oidc_sid` varchar(255) null, add `oidc_data` text null',
    );
    this.addSql('alter table `sessions` add index `sessions_oidc_sid_index` (`oidc_sid`)');
  }
}
