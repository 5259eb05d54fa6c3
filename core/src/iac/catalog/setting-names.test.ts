import { describe, expect, it } from 'vitest';
import { joinWords, settingNamer } from './setting-names';

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

describe('Terraform output names (joinWords)', () => {
  it('say the node’s last word once, unless another node would then share the name', () => {
    const locals = new Set(['vpc', 'etl_role', 'ingest', 'ingest_queue']);
    expect(joinWords('vpc', 'vpc_id', locals)).toBe('vpc_id');
    expect(joinWords('etl_role', 'role_arn', locals)).toBe('etl_role_arn');
    expect(joinWords('ingest_queue', 'queue_url', locals)).toBe('ingest_queue_queue_url');
    expect(joinWords('ingest', 'queue_url', locals)).toBe('ingest_queue_url');
  });
});
