import { describe, expect, it } from 'vitest';
import { servicesOf } from '@stratum/core/iac/catalog/registry';
import { matchesSearch } from './service-search';

describe('service search', () => {
  const aws = servicesOf('aws');
  const names = (q: string) => aws.filter((s) => matchesSearch(s, q)).map((s) => s.id);

  it('matches every word anywhere in name, kind, category or description', () => {
    expect(names('')).toHaveLength(aws.length);
    expect(names('postgres')).toContain('aws.rds-postgresql');
    expect(names('rds postgres')).toEqual(['aws.rds-postgresql']);
    expect(names('QUEUE')).toContain('aws.sqs');
    expect(names('databases mysql')).toEqual(['aws.rds-mysql']);
    expect(names('no such thing')).toEqual([]);
  });
});
