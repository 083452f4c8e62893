import { Migration } from '@mikro-orm/migrations';

/** Clause spans found by the clause model, and which model version classified each document. */
export class Clauses extends Migration {
  override up(): void {
    this.addSql(
      'create table `clauses` (`id` int unsigned not null auto_increment primary key, `document_id` int unsigned not null, `category` varchar(64) not null, `score` double not null, `page_number` int not null, `start` int not null, `end` int not null, `clause_group` int not null, `found` tinyint(1) not null, `quote` text not null) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql('alter table `clauses` add index `clauses_document_id_index` (`document_id`)');
    this.addSql(
      'alter table `clauses` add index `clauses_document_id_category_index` (`document_id`, `category`)',
    );
    this.addSql(
      'alter table `clauses` add constraint `clauses_document_id_foreign` foreign key (`document_id`) references `documents` (`id`) on delete cascade',
    );
    this.addSql(
      'create table `document_classifications` (`document_id` int unsigned not null, `model_version` varchar(40) not null, `classified_at` datetime(3) not null, primary key (`document_id`)) default character set utf8mb4 engine = InnoDB',
    );
    this.addSql(
      'alter table `document_classifications` add constraint `document_classifications_document_id_foreign` foreign key (`document_id`) references `documents` (`id`) on update cascade on delete cascade',
    );
  }
}
