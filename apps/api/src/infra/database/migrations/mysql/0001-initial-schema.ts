import { Migration } from '@mikro-orm/migrations';

/** Users, sessions, sign-in throttling and projects. */
export class InitialSchema extends Migration {
  override up(): void {
    this.addSql(
      'create table `login_throttles` (`key` varchar(191) not null, `failures` int not null, `window_started_at` datetime not null, primary key (`key`)) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql(
      'create table `users` (`id` int unsigned not null auto_increment primary key, `username` varchar(64) not null, `username_key` varchar(64) not null, `password_hash` varchar(255) null, `created_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `users` add unique `users_username_key_unique` (`username_key`)');
    this.addSql(
      'create table `sessions` (`id` varchar(64) not null, `user_id` int unsigned not null, `created_at` datetime not null, `expires_at` datetime not null, primary key (`id`)) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `sessions` add index `sessions_user_id_index` (`user_id`)');
    this.addSql('alter table `sessions` add index `sessions_expires_at_index` (`expires_at`)');
    this.addSql(
      "create table `projects` (`id` int unsigned not null auto_increment primary key, `owner_id` int unsigned not null, `name` varchar(200) not null, `description` text null, `company_name` varchar(500) null, `industry` varchar(500) null, `business_model` text null, `ceo_name` varchar(500) null, `ceo_contact` varchar(500) null, `revenue` varchar(500) null, `profit_margin` varchar(500) null, `employee_count` varchar(500) null, `valuation` varchar(500) null, `valuation_amount` double null, `deal_stage` enum('Initial Review','Due Diligence','Negotiation','Legal Review','Closing','Completed','On Hold','Cancelled') null, `created_at` datetime(3) not null, `updated_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB",
    );
    this.addSql('alter table `projects` add index `projects_owner_id_index` (`owner_id`)');
    this.addSql(
      'alter table `projects` add index `projects_owner_id_created_at_index` (`owner_id`, `created_at`)',
    );
    this.addSql(
      'alter table `sessions` add constraint `sessions_user_id_foreign` foreign key (`user_id`) references `users` (`id`) on delete cascade',
    );
    this.addSql(
      'alter table `projects` add constraint `projects_owner_id_foreign` foreign key (`owner_id`) references `users` (`id`) on delete cascade',
    );
  }
}
