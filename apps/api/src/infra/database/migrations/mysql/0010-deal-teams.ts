import { Migration } from '@mikro-orm/migrations';

/**
 * Deal teams (issue 17): project members with roles (each project's owner becomes its first
 * member), the append-only activity log, disabled accounts and administrators (the first local
 * account), and chat sessions kept private to whoever created them (existing ones: the owner's).
 */
export class DealTeams extends Migration {
  override up(): void {
    this.addSql(
      "create table `project_members` (`id` int unsigned not null auto_increment primary key, `project_id` int unsigned not null, `user_id` int unsigned not null, `role` enum('owner','editor','viewer') not null, `created_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB",
    );
    this.addSql(
      'alter table `project_members` add index `project_members_project_id_index` (`project_id`)',
    );
    this.addSql(
      'alter table `project_members` add index `project_members_user_id_index` (`user_id`)',
    );
    this.addSql(
      'alter table `project_members` add index `project_members_user_id_project_id_index` (`user_id`, `project_id`)',
    );
    this.addSql(
      'alter table `project_members` add unique `project_members_project_id_user_id_unique` (`project_id`, `user_id`)',
    );
    this.addSql(
      'alter table `project_members` add constraint `project_members_project_id_foreign` foreign key (`project_id`) references `projects` (`id`) on delete cascade',
    );
    this.addSql(
      'alter table `project_members` add constraint `project_members_user_id_foreign` foreign key (`user_id`) references `users` (`id`) on delete cascade',
    );
    this.addSql(
      "insert into `project_members` (`project_id`, `user_id`, `role`, `created_at`) select `id`, `owner_id`, 'owner', `created_at` from `projects`",
    );
    this.addSql(
      "create table `activity_log` (`id` int unsigned not null auto_increment primary key, `project_id` int not null, `actor_id` int null, `actor_name` varchar(64) null, `action` enum('project.created','project.renamed','project.details_edited','project.deleted','document.uploaded','document.deleted','document.analysis_failed','document.viewed','document.downloaded','question.asked','review.run','review.exported','clauses.exported','deal_details.extracted','member.added','member.role_changed','member.removed') not null, `document_id` int null, `document_name` varchar(255) null, `address` varchar(64) null, `details` json null, `created_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB",
    );
    this.addSql(
      'alter table `activity_log` add index `activity_log_project_id_id_index` (`project_id`, `id`)',
    );
    this.addSql(
      'alter table `activity_log` add index `activity_log_project_id_actor_id_id_index` (`project_id`, `actor_id`, `id`)',
    );
    this.addSql(
      'alter table `activity_log` add index `activity_log_project_id_action_id_index` (`project_id`, `action`, `id`)',
    );
    this.addSql(
      'alter table `activity_log` add index `activity_log_project_id_document_id_id_index` (`project_id`, `document_id`, `id`)',
    );
    this.addSql(
      'alter table `activity_log` add index `activity_log_action_id_index` (`action`, `id`)',
    );
    this.addSql(
      'alter table `activity_log` add index `activity_log_created_at_index` (`created_at`)',
    );
    this.addSql(
      'alter table `users` add `disabled` tinyint(1) not null default false, add `is_admin` tinyint(1) not null default false',
    );
    this.addSql(
      'update `users` set `is_admin` = true where `id` = (select `first_id` from (select min(`id`) as `first_id` from `users` where `password_hash` is not null) as `first_local`)',
    );
    this.addSql('alter table `chat_sessions` add `created_by_id` int unsigned null');
    this.addSql(
      'update `chat_sessions` s join `projects` p on p.`id` = s.`project_id` set s.`created_by_id` = p.`owner_id`',
    );
    this.addSql(
      'alter table `chat_sessions` add index `chat_sessions_created_by_id_index` (`created_by_id`)',
    );
    this.addSql(
      'alter table `chat_sessions` add index `chat_sessions_project_id_created_by_id_updated_at_index` (`project_id`, `created_by_id`, `updated_at`)',
    );
    this.addSql(
      'alter table `chat_sessions` add constraint `chat_sessions_created_by_id_foreign` foreign key (`created_by_id`) references `users` (`id`) on delete cascade',
    );
  }
}
