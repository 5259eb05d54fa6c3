import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { MailingConfigTable } from '../../db/schema';

export type MailingRow = Selectable<MailingConfigTable>;

export function findConfig(db: Db): Promise<MailingRow | undefined> {
  return db.selectFrom('mailing_config').selectAll().executeTakeFirst();
}

export function saveConfig(
  db: Db,
  values: Omit<MailingRow, 'id' | 'updated_at'>,
): Promise<MailingRow> {
  const row = { ...values, updated_at: new Date() };
  return db
    .insertInto('mailing_config')
    .values({ id: true, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteConfig(db: Db): Promise<MailingRow | undefined> {
  return db.deleteFrom('mailing_config').returningAll().executeTakeFirst();
}
