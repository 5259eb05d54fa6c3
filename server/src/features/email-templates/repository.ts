import type { Selectable } from 'kysely';
import type {
  TTemplateContent,
  TTemplateId,
} from '@stratum/core/contract/email-templates/email-template';
import type { Db } from '../../db/database';
import type { EmailTemplatesTable } from '../../db/schema';

export type TemplateRow = Selectable<EmailTemplatesTable>;

export function findEdit(db: Db, id: TTemplateId): Promise<TemplateRow | undefined> {
  return db.selectFrom('email_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

export function allEdits(db: Db): Promise<TemplateRow[]> {
  return db.selectFrom('email_templates').selectAll().execute();
}

export function saveEdit(
  db: Db,
  id: TTemplateId,
  content: TTemplateContent,
  by: { id: string; email: string },
): Promise<TemplateRow> {
  const values = {
    subject: content.subject,
    html_content: content.htmlContent,
    text_content: content.textContent,
    updated_at: new Date(),
    updated_by: by.id,
    updated_by_email: by.email,
  };
  return db
    .insertInto('email_templates')
    .values({ id, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteEdit(db: Db, id: TTemplateId): Promise<TemplateRow | undefined> {
  return db.deleteFrom('email_templates').where('id', '=', id).returningAll().executeTakeFirst();
}
