import { describe, expect, it } from 'vitest';
import { joinWords } from './join-words';

describe('Terraform output names (joinWords)', () => {
  it('say the node’s last word once, unless another node would then share the name', () => {
    const locals = new Set(['vpc', 'etl_role', 'ingest', 'ingest_queue']);
    expect(joinWords('vpc', 'vpc_id', locals)).toBe('vpc_id');
    expect(joinWords('etl_role', 'role_arn', locals)).toBe('etl_role_arn');
    expect(joinWords('ingest_queue', 'queue_url', locals)).toBe('ingest_queue_queue_url');
    expect(joinWords('ingest', 'queue_url', locals)).toBe('ingest_queue_url');
  });
});
