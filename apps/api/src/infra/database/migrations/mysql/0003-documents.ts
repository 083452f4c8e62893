import { Migration } from '@mikro-orm/migrations';

/** Documents and their pages, the inline job queue, and shared settings. */
export class Documents extends Migration {
  override up(): void {
    this.addSql(
      'create table `app_settings` (`name` varchar(64) not null, `value` text not null, primary key (`name`)) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql(
      'create table `jobs` (`id` int unsigned not null auto_increment primary key, `name` varchar(64) not null, `job_key` varchar(191) not null, `payload` json not null, `attempts` int not null default 0, `run_after` datetime(3) not null, `locked_until` datetime(3) null, `locked_by` varchar(64) null, `last_error` text null, `created_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `jobs` add unique `jobs_job_key_unique` (`job_key`)');
    this.addSql('alter table `jobs` add index `jobs_run_after_index` (`run_after`)');
    this.addSql(
      "create table `documents` (`id` int unsigned not null auto_increment primary key, `project_id` int unsigned not null, `stored_name` varchar(64) not null, `original_name` varchar(255) not null, `mime_type` varchar(128) not null, `size` bigint not null, `sha256` varchar(64) not null, `status` enum('awaiting_processing','processing','completed','failed') not null default 'awaiting_processing', `failure_reason` text null, `page_count` int null, `pages_processed` int not null default 0, `uploaded_at` datetime(3) not null, `completed_at` datetime(3) null) default character set utf8mb4 engine = InnoDB",
    );
    this.addSql('alter table `documents` add index `documents_project_id_index` (`project_id`)');
    this.addSql(
      'alter table `documents` add unique `documents_stored_name_unique` (`stored_name`)',
    );
    this.addSql(
      'alter table `documents` add index `documents_project_id_status_index` (`project_id`, `status`)',
    );
    this.addSql(
      'alter table `documents` add unique `documents_project_id_sha256_unique` (`project_id`, `sha256`)',
    );
    this.addSql(
      'create table `document_pages` (`document_id` int unsigned not null, `number` int unsigned not null, `text` longtext not null, `ocr` tinyint(1) not null default false, primary key (`document_id`, `number`)) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql(
      'alter table `document_pages` add index `document_pages_document_id_index` (`document_id`)',
    );
    this.addSql(
      'alter table `documents` add constraint `documents_project_id_foreign` foreign key (`project_id`) references `projects` (`id`) on delete cascade',
    );
    this.addSql(
      'alter table `document_pages` add constraint `document_pages_document_id_foreign` foreign key (`document_id`) references `documents` (`id`) on delete cascade',
    );
  }
}
