import { Migration } from '@mikro-orm/migrations';

/** Chat sessions and their answered questions (with the citations shown). */
export class Chat extends Migration {
  override up(): void {
    this.addSql(
      'create table `chat_sessions` (`id` integer not null primary key autoincrement, `project_id` integer not null, `name` text not null, `created_at` datetime not null, `updated_at` datetime not null, constraint `chat_sessions_project_id_foreign` foreign key (`project_id`) references `projects` (`id`) on delete cascade)',
    );
    this.addSql('create index `chat_sessions_project_id_index` on `chat_sessions` (`project_id`)');
    this.addSql(
      'create index `chat_sessions_project_id_updated_at_index` on `chat_sessions` (`project_id`, `updated_at`)',
    );
    this.addSql(
      'create table `chat_entries` (`id` integer not null primary key autoincrement, `session_id` integer not null, `question` text not null, `answer` longtext not null, `sources` json not null, `source_files` json not null, `citations` json not null, `created_at` datetime not null, constraint `chat_entries_session_id_foreign` foreign key (`session_id`) references `chat_sessions` (`id`) on delete cascade)',
    );
    this.addSql('create index `chat_entries_session_id_index` on `chat_entries` (`session_id`)');
  }
}
