import { Migration } from '@mikro-orm/migrations';

/** Users, sessions, sign-in throttling and projects. */
export class InitialSchema extends Migration {
  override up(): void {
    this.addSql(
      'create table `login_throttles` (`key` text not null primary key, `failures` integer not null, `window_started_at` datetime not null)',
    );
    this.addSql(
      'create table `users` (`id` integer not null primary key autoincrement, `username` text not null, `username_key` text not null, `password_hash` text null, `created_at` datetime not null)',
    );
    this.addSql('create unique index `users_username_key_unique` on `users` (`username_key`)');
    this.addSql(
      'create table `sessions` (`id` text not null primary key, `user_id` integer not null, `created_at` datetime not null, `expires_at` datetime not null, constraint `sessions_user_id_foreign` foreign key (`user_id`) references `users` (`id`) on delete cascade)',
    );
    this.addSql('create index `sessions_user_id_index` on `sessions` (`user_id`)');
    this.addSql('create index `sessions_expires_at_index` on `sessions` (`expires_at`)');
    this.addSql(
      "create table `projects` (`id` integer not null primary key autoincrement, `owner_id` integer not null, `name` text not null, `description` text null, `company_name` text null, `industry` text null, `business_model` text null, `ceo_name` text null, `ceo_contact` text null, `revenue` text null, `profit_margin` text null, `employee_count` text null, `valuation` text null, `valuation_amount` double null, `deal_stage` text check (`deal_stage` in ('Initial Review', 'Due Diligence', 'Negotiation', 'Legal Review', 'Closing', 'Completed', 'On Hold', 'Cancelled')) null, `created_at` datetime not null, `updated_at` datetime not null, constraint `projects_owner_id_foreign` foreign key (`owner_id`) references `users` (`id`) on delete cascade)",
    );
    this.addSql('create index `projects_owner_id_index` on `projects` (`owner_id`)');
    this.addSql(
      'create index `projects_owner_id_created_at_index` on `projects` (`owner_id`, `created_at`)',
    );
  }
}
