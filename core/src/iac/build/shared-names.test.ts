import { describe, expect, it } from 'vitest';
import { smallDesign, terraformFiles } from '../testing/small-design';

/** The `name` argument of every resource `type` in a design's main.tf. */
function namesOf(design: unknown, type: string): string[] {
  const main = terraformFiles(design).find((f) => f.path === 'main.tf')!.content;
  return [
    ...main.matchAll(new RegExp(`resource "${type}" "[^"]+" \\{[^}]*?\\n  name += (.+)`, 'g')),
  ].map((m) => m[1]!);
}

/**
 * A resource several components share is written by whichever comes first. Named after that one,
 * removing it would rename the resource, and a new name replaces it: a private services range
 * still peered, a Cloud Router still carrying another NAT, a bucket still holding function sources.
 */
describe('a resource several components share keeps its name when one of them is removed', () => {
  const gcp = (components: Record<string, unknown>[]) => smallDesign({ cloud: 'gcp', components });

  it('the private services range, named after its network', () => {
    const sql = { id: 'db', service: 'gcp.cloud-sql-postgres', name: 'orders', group: 'sn-0' };
    const redis = {
      id: 'cache',
      service: 'gcp.memorystore-redis',
      name: 'sessions',
      group: 'sn-0',
    };
    const both = namesOf(gcp([sql, redis]), 'google_compute_global_address');
    expect(both).toEqual(['"acme-shop-${var.environment}-vpc-main-psa"']);
    expect(namesOf(gcp([redis]), 'google_compute_global_address')).toEqual(both);
  });

  it('the Cloud Router of its NAT gateways, named after its network', () => {
    const nat = (id: string) => ({ id, service: 'gcp.cloud-nat', name: id, group: 'net' });
    const both = namesOf(gcp([nat('egress'), nat('batch')]), 'google_compute_router');
    expect(both).toEqual(['"acme-shop-${var.environment}-vpc-main-router"']);
    expect(namesOf(gcp([nat('batch')]), 'google_compute_router')).toEqual(both);
  });

  it('the bucket of function sources, named after the design', () => {
    const fn = (id: string) => ({ id, service: 'gcp.cloud-function', name: id });
    const both = namesOf(gcp([fn('ingest'), fn('report')]), 'google_storage_bucket');
    expect(both).toEqual(['"${var.project_id}-acme-shop-${var.environment}-fn-src"']);
    expect(namesOf(gcp([fn('report')]), 'google_storage_bucket')).toEqual(both);
  });
});
