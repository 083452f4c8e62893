import { Migration } from '@mikro-orm/migrations';

/** Chat sessions and their answered questions (with the citations shown). */
export class Chat extends Migration {
  override up(): void {
    this.addSql(
      'create table `chat_sessions` (`id` int unsigned not null auto_increment primary key, `project_id` int unsigned not null, `name` varchar(120) not null, `created_at` datetime(3) not null, `updated_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql(
      'alter table `chat_sessions` add index `chat_sessions_project_id_index` (`project_id`)',
    );
    this.addSql(
      'alter table `chat_sessions` add index `chat_sessions_project_id_updated_at_index` (`project_id`, `updated_at`)',
    );
    this.addSql(
      'create table `chat_entries` (`id` int unsigned not null auto_increment primary key, `session_id` int unsigned not null, `question` text not null, `answer` longtext not null, `sources` json not null, `source_files` json not null, `citations` json not null, `created_at` datetime(3) not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql(
      'alter table `chat_entries` add index `chat_entries_session_id_index` (`session_id`)',
    );
    this.addSql(
      'alter table `chat_sessions` add constraint `chat_sessions_project_id_foreign` foreign key (`project_id`) references `projects` (`id`) on delete cascade',
    );
    this.addSql(
      'alter table `chat_entries` add constraint `chat_entries_session_id_foreign` foreign key (`session_id`) references `chat_sessions` (`id`) on delete cascade',
    );
  }
}
