import { Migration } from '@mikro-orm/migrations';

/** Review grids: reviews, their columns and cells (document × column), and users' templates. */
export class Reviews extends Migration {
  override up(): void {
    this.addSql(
      'create table `review_templates` (`id` integer not null primary key autoincrement, `owner_id` integer not null, `name` text not null, `columns` json not null, `created_at` datetime not null, constraint `review_templates_owner_id_foreign` foreign key (`owner_id`) references `users` (`id`) on delete cascade)',
    );
    this.addSql(
      'create index `review_templates_owner_id_index` on `review_templates` (`owner_id`)',
    );
    this.addSql(
      "create table `reviews` (`id` integer not null primary key autoincrement, `project_id` integer not null, `name` text not null, `all_documents` integer not null, `status` text check (`status` in ('running', 'completed', 'failed')) not null default 'running', `created_by_id` integer not null, `created_at` datetime not null, constraint `reviews_project_id_foreign` foreign key (`project_id`) references `projects` (`id`) on delete cascade, constraint `reviews_created_by_id_foreign` foreign key (`created_by_id`) references `users` (`id`) on delete cascade)",
    );
    this.addSql('create index `reviews_project_id_index` on `reviews` (`project_id`)');
    this.addSql('create index `reviews_created_by_id_index` on `reviews` (`created_by_id`)');
    this.addSql(
      'create index `reviews_project_id_created_at_index` on `reviews` (`project_id`, `created_at`)',
    );
    this.addSql(
      "create table `review_columns` (`id` integer not null primary key autoincrement, `review_id` integer not null, `position` integer not null, `label` text not null, `question` text not null, `type` text check (`type` in ('yes_no', 'text', 'date', 'duration', 'money', 'parties', 'place', 'clause')) not null, constraint `review_columns_review_id_foreign` foreign key (`review_id`) references `reviews` (`id`) on delete cascade)",
    );
    this.addSql('create index `review_columns_review_id_index` on `review_columns` (`review_id`)');
    this.addSql(
      "create table `review_cells` (`id` integer not null primary key autoincrement, `review_id` integer not null, `document_id` integer not null, `column_id` integer not null, `status` text check (`status` in ('pending', 'answered', 'not_found', 'redacted', 'failed')) not null default 'pending', `value` text null, `answer` text null, `confidence` double null, `citations` json not null, `verified` integer not null default false, `edited` integer not null default false, `original_value` text null, `flagged` integer not null default false, `comment` text null, `answered_at` datetime null, constraint `review_cells_review_id_foreign` foreign key (`review_id`) references `reviews` (`id`) on delete cascade, constraint `review_cells_document_id_foreign` foreign key (`document_id`) references `documents` (`id`) on delete cascade, constraint `review_cells_column_id_foreign` foreign key (`column_id`) references `review_columns` (`id`) on delete cascade)",
    );
    this.addSql('create index `review_cells_review_id_index` on `review_cells` (`review_id`)');
    this.addSql('create index `review_cells_document_id_index` on `review_cells` (`document_id`)');
    this.addSql('create index `review_cells_column_id_index` on `review_cells` (`column_id`)');
    this.addSql(
      'create index `review_cells_review_id_status_index` on `review_cells` (`review_id`, `status`)',
    );
    this.addSql(
      'create index `review_cells_review_id_document_id_index` on `review_cells` (`review_id`, `document_id`)',
    );
    this.addSql(
      'create unique index `review_cells_column_id_document_id_unique` on `review_cells` (`column_id`, `document_id`)',
    );
  }
}
