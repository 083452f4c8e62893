import { Migration } from '@mikro-orm/migrations';

/** Clause spans found by the clause model, and which model version classified each document. */
export class Clauses extends Migration {
  override up(): void {
    this.addSql(
      'create table `clauses` (`id` integer not null primary key autoincrement, `document_id` integer not null, `category` text not null, `score` double not null, `page_number` integer not null, `start` integer not null, `end` integer not null, `clause_group` integer not null, `found` integer not null, `quote` text not null, constraint `clauses_document_id_foreign` foreign key (`document_id`) references `documents` (`id`) on delete cascade)',
    );
    this.addSql('create index `clauses_document_id_index` on `clauses` (`document_id`)');
    this.addSql(
      'create index `clauses_document_id_category_index` on `clauses` (`document_id`, `category`)',
    );
    this.addSql(
      'create table `document_classifications` (`document_id` integer not null primary key, `model_version` text not null, `classified_at` datetime not null, constraint `document_classifications_document_id_foreign` foreign key (`document_id`) references `documents` (`id`) on update cascade on delete cascade)',
    );
  }
}
