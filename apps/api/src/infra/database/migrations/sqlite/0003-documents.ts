import { Migration } from '@mikro-orm/migrations';

/** Documents and their pages, the inline job queue, and shared settings. */
export class Documents extends Migration {
  override up(): void {
    this.addSql(
      'create table `app_settings` (`name` text not null primary key, `value` text not null)',
    );
    this.addSql(
      'create table `jobs` (`id` integer not null primary key autoincrement, `name` text not null, `job_key` text not null, `payload` json not null, `attempts` integer not null default 0, `run_after` datetime not null, `locked_until` datetime null, `locked_by` text null, `last_error` text null, `created_at` datetime not null)',
    );
    this.addSql('create unique index `jobs_job_key_unique` on `jobs` (`job_key`)');
    this.addSql('create index `jobs_run_after_index` on `jobs` (`run_after`)');
    this.addSql(
      "create table `documents` (`id` integer not null primary key autoincrement, `project_id` integer not null, `stored_name` text not null, `original_name` text not null, `mime_type` text not null, `size` bigint not null, `sha256` text not null, `status` text check (`status` in ('awaiting_processing', 'processing', 'completed', 'failed')) not null default 'awaiting_processing', `failure_reason` text null, `page_count` integer null, `pages_processed` integer not null default 0, `uploaded_at` datetime not null, `completed_at` datetime null, constraint `documents_project_id_foreign` foreign key (`project_id`) references `projects` (`id`) on delete cascade)",
    );
    this.addSql('create index `documents_project_id_index` on `documents` (`project_id`)');
    this.addSql(
      'create unique index `documents_stored_name_unique` on `documents` (`stored_name`)',
    );
    this.addSql(
      'create index `documents_project_id_status_index` on `documents` (`project_id`, `status`)',
    );
    this.addSql(
      'create unique index `documents_project_id_sha256_unique` on `documents` (`project_id`, `sha256`)',
    );
    this.addSql(
      'create table `document_pages` (`document_id` integer not null, `number` integer not null, `text` longtext not null, `ocr` integer not null default false, primary key (`document_id`, `number`), constraint `document_pages_document_id_foreign` foreign key (`document_id`) references `documents` (`id`) on delete cascade)',
    );
    this.addSql(
      'create index `document_pages_document_id_index` on `document_pages` (`document_id`)',
    );
  }
}
