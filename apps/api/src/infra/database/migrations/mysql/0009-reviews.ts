import { Migration } from '@mikro-orm/migrations';

/** Review grids: reviews, their columns and cells (document × column), and users' templates. */
export class Reviews extends Migration {
  override up(): void {
    this.addSql(
      'create table `review_templates` (`id` int unsigned not null auto_increment primary key, `owner_id` int unsigned not null, `name` varchar(200) not null, `columns` json not null, `created_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql(
      'alter table `review_templates` add index `review_templates_owner_id_index` (`owner_id`)',
    );
    this.addSql(
      "create table `reviews` (`id` int unsigned not null auto_increment primary key, `project_id` int unsigned not null, `name` varchar(200) not null, `all_documents` tinyint(1) not null, `status` enum('running','completed','failed') not null default 'running', `created_by_id` int unsigned not null, `created_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB",
    );
    this.addSql('alter table `reviews` add index `reviews_project_id_index` (`project_id`)');
    this.addSql('alter table `reviews` add index `reviews_created_by_id_index` (`created_by_id`)');
    this.addSql(
      'alter table `reviews` add index `reviews_project_id_created_at_index` (`project_id`, `created_at`)',
    );
    this.addSql(
      "create table `review_columns` (`id` int unsigned not null auto_increment primary key, `review_id` int unsigned not null, `position` int not null, `label` varchar(100) not null, `question` text not null, `type` enum('yes_no','text','date','duration','money','parties','place','clause') not null) default character set utf8mb4 engine = InnoDB",
    );
    this.addSql(
      'alter table `review_columns` add index `review_columns_review_id_index` (`review_id`)',
    );
    this.addSql(
      "create table `review_cells` (`id` int unsigned not null auto_increment primary key, `review_id` int unsigned not null, `document_id` int unsigned not null, `column_id` int unsigned not null, `status` enum('pending','answered','not_found','redacted','failed') not null default 'pending', `value` text null, `answer` text null, `confidence` double null, `citations` json not null, `verified` tinyint(1) not null default false, `edited` tinyint(1) not null default false, `original_value` text null, `flagged` tinyint(1) not null default false, `comment` text null, `answered_at` datetime(3) null) default character set utf8mb4 engine = InnoDB",
    );
    this.addSql(
      'alter table `review_cells` add index `review_cells_review_id_index` (`review_id`)',
    );
    this.addSql(
      'alter table `review_cells` add index `review_cells_document_id_index` (`document_id`)',
    );
    this.addSql(
      'alter table `review_cells` add index `review_cells_column_id_index` (`column_id`)',
    );
    this.addSql(
      'alter table `review_cells` add index `review_cells_review_id_status_index` (`review_id`, `status`)',
    );
    this.addSql(
      'alter table `review_cells` add index `review_cells_review_id_document_id_index` (`review_id`, `document_id`)',
    );
    this.addSql(
      'alter table `review_cells` add unique `review_cells_column_id_document_id_unique` (`column_id`, `document_id`)',
    );
    this.addSql(
      'alter table `review_templates` add constraint `review_templates_owner_id_foreign` foreign key (`owner_id`) references `users` (`id`) on delete cascade',
    );
    this.addSql(
      'alter table `reviews` add constraint `reviews_project_id_foreign` foreign key (`project_id`) references `projects` (`id`) on delete cascade',
    );
    this.addSql(
      'alter table `reviews` add constraint `reviews_created_by_id_foreign` foreign key (`created_by_id`) references `users` (`id`) on delete cascade',
    );
    this.addSql(
      'alter table `review_columns` add constraint `review_columns_review_id_foreign` foreign key (`review_id`) references `reviews` (`id`) on delete cascade',
    );
    this.addSql(
      'alter table `review_cells` add constraint `review_cells_review_id_foreign` foreign key (`review_id`) references `reviews` (`id`) on delete cascade',
    );
    this.addSql(
      'alter table `review_cells` add constraint `review_cells_document_id_foreign` foreign key (`document_id`) references `documents` (`id`) on delete cascade',
    );
    this.addSql(
      'alter table `review_cells` add constraint `review_cells_column_id_foreign` foreign key (`column_id`) references `review_columns` (`id`) on delete cascade',
    );
  }
}
