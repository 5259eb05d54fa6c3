import { describe, expect, it } from 'vitest';
import { ZDropSchemaBody } from './drop-schema';
import { quoteIdentifier, ZSchemaName } from './identifier';

describe('schema names', () => {
  it.each([
    'reporting',
    'Mixed Case',
    'with"quote',
    'ünïcode',
    'a'.repeat(63),
    '1starts_with_digit',
  ])('accepts %j', (name) => expect(ZSchemaName.safeParse(name).success).toBe(true));

  it.each([
    ['', 'Enter a schema name'],
    ['a'.repeat(64), 'at most 63 bytes'],
    ['é'.repeat(32), 'at most 63 bytes'], // 64 bytes in UTF-8
    ['pg_catalog', 'reserved'],
    ['PG_temp', 'reserved'],
    ['nul\u0000byte', 'NUL'],
    [' padded', 'spaces'],
  ])('refuses %j', (name, message) => {
    const parsed = ZSchemaName.safeParse(name);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain(message);
  });

  it('quotes identifiers so that no name can end the quote', () => {
    expect(quoteIdentifier('reporting')).toBe('"reporting"');
    expect(quoteIdentifier('a"; DROP SCHEMA public; --')).toBe('"a""; DROP SCHEMA public; --"');
    expect(quoteIdentifier('""')).toBe('""""""');
    expect(() => quoteIdentifier('a\u0000b')).toThrow();
  });

  it('drops only when the name is typed again exactly', () => {
    expect(ZDropSchemaBody.safeParse({ name: 'old', confirm: 'old' }).success).toBe(true);
    const wrong = ZDropSchemaBody.safeParse({ name: 'old', confirm: 'Old' });
    expect(wrong.error?.issues[0]).toMatchObject({
      path: ['confirm'],
      message: 'Type the schema name to confirm',
    });
  });
});
