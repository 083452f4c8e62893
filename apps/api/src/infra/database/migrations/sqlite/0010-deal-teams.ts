import { Migration } from '@mikro-orm/migrations';

/**
 * Deal teams (issue 17): project members with roles (each project's owner becomes its first
 * member), the append-only activity log, disabled accounts and administrators (the first local
 * account), and chat sessions kept private to whoever created them (existing ones: the owner's).
 */
export class DealTeams extends Migration {
  override up(): void {
    this.addSql(
      "create table `project_members` (`id` integer not null primary key autoincrement, `project_id` integer not null, `user_id` integer not null, `role` text check (`role` in ('owner', 'editor', 'viewer')) not null, `created_at` datetime not null, constraint `project_members_project_id_foreign` foreign key (`project_id`) references `projects` (`id`) on delete cascade, constraint `project_members_user_id_foreign` foreign key (`user_id`) references `users` (`id`) on delete cascade)",
    );
    this.addSql(
      'create index `project_members_project_id_index` on `project_members` (`project_id`)',
    );
    this.addSql('create index `project_members_user_id_index` on `project_members` (`user_id`)');
    this.addSql(
      'create index `project_members_user_id_project_id_index` on `project_members` (`user_id`, `project_id`)',
    );
    this.addSql(
      'create unique index `project_members_project_id_user_id_unique` on `project_members` (`project_id`, `user_id`)',
    );
    this.addSql(
      "insert into `project_members` (`project_id`, `user_id`, `role`, `created_at`) select `id`, `owner_id`, 'owner', `created_at` from `projects`",
    );
    this.addSql(
      "create table `activity_log` (`id` integer not null primary key autoincrement, `project_id` integer not null, `actor_id` integer null, `actor_name` text null, `action` text check (`action` in ('project.created', 'project.renamed', 'project.details_edited', 'project.deleted', 'document.uploaded', 'document.deleted', 'document.analysis_failed', 'document.viewed', 'document.downloaded', 'question.asked', 'review.run', 'review.exported', 'clauses.exported', 'deal_details.extracted', 'member.added', 'member.role_changed', 'member.removed')) not null, `document_id` integer null, `document_name` text null, `address` text null, `details` json null, `created_at` datetime not null)",
    );
    this.addSql(
      'create index `activity_log_project_id_id_index` on `activity_log` (`project_id`, `id`)',
    );
    this.addSql(
      'create index `activity_log_project_id_actor_id_id_index` on `activity_log` (`project_id`, `actor_id`, `id`)',
    );
    this.addSql(
      'create index `activity_log_project_id_action_id_index` on `activity_log` (`project_id`, `action`, `id`)',
    );
    this.addSql(
      'create index `activity_log_project_id_document_id_id_index` on `activity_log` (`project_id`, `document_id`, `id`)',
    );
    this.addSql('create index `activity_log_action_id_index` on `activity_log` (`action`, `id`)');
    this.addSql('create index `activity_log_created_at_index` on `activity_log` (`created_at`)');
    this.addSql('alter table `users` add column `disabled` integer not null default false');
    this.addSql('alter table `users` add column `is_admin` integer not null default false');
    this.addSql(
      'update `users` set `is_admin` = true where `id` = (select min(`id`) from `users` where `password_hash` is not null)',
    );
    this.addSql(
      'alter table `chat_sessions` add column `created_by_id` integer null constraint `chat_sessions_created_by_id_foreign` references `users` (`id`) on delete cascade',
    );
    this.addSql(
      'update `chat_sessions` set `created_by_id` = (select `owner_id` from `projects` where `projects`.`id` = `chat_sessions`.`project_id`)',
    );
    this.addSql(
      'create index `chat_sessions_created_by_id_index` on `chat_sessions` (`created_by_id`)',
    );
    this.addSql(
      'create index `chat_sessions_project_id_created_by_id_updated_at_index` on `chat_sessions` (`project_id`, `created_by_id`, `updated_at`)',
    );
  }
}
