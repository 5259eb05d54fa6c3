import { describe, expect, it } from 'vitest';
import { settingNamer } from './setting-names';

describe('the names of a workload’s settings for its stores', () => {
  it('drops the word a store’s id repeats from its setting', () => {
    const name = settingNamer([{ id: 'ingest-queue' }, { id: 'orders_table' }, { id: 'files' }]);
    expect(name({ id: 'ingest-queue' }, 'QUEUE_URL')).toBe('INGEST_QUEUE_URL');
    expect(name({ id: 'orders_table' }, 'TABLE')).toBe('ORDERS_TABLE');
    expect(name({ id: 'files' }, 'BUCKET')).toBe('FILES_BUCKET');
    expect(name({ id: 'queue' }, 'QUEUE_URL')).toBe('QUEUE_URL');
  });

  it('keeps the word where two stores would otherwise share a name', () => {
    const name = settingNamer([{ id: 'jobs' }, { id: 'jobs-queue' }]);
    expect(name({ id: 'jobs' }, 'QUEUE_URL')).toBe('JOBS_QUEUE_URL');
    expect(name({ id: 'jobs-queue' }, 'QUEUE_URL')).toBe('JOBS_QUEUE_QUEUE_URL');
  });

  it('only drops a whole word', () => {
    const name = settingNamer([{ id: 'backqueue' }, { id: 'db' }]);
    expect(name({ id: 'backqueue' }, 'QUEUE_URL')).toBe('BACKQUEUE_QUEUE_URL');
    expect(name({ id: 'db' }, 'HOST')).toBe('DB_HOST');
  });
});
