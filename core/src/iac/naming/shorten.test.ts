import { describe, expect, it } from 'vitest';
import { ZNamingConvention } from './convention';
import { appendSuffix, composeName, fixName, renderName, type TNamePart } from './resolve';
import { NAME_RULES } from './rules';
import { abbreviateWord } from './shorten';

const env: TNamePart = { env: true, upper: false };
const tokens = {
  org: 'acme',
  project: 'shop',
  region: 'euw1',
  type: 'snet',
  name: 'app',
  instance: '01',
};

describe('names that do not stutter', () => {
  it('says a word once when the suffix repeats the end of the name', () => {
    const parts = ['acme-shop-', env, '-snet'];
    expect(renderName(appendSuffix(parts, '-', 'snet'), 'dev')).toBe('acme-shop-dev-snet');
    expect(renderName(appendSuffix(['x-', env, '-ecs'], '-', 'ecs'), 'dev')).toBe('x-dev-ecs');
    expect(renderName(appendSuffix(['orders-', env, '-api'], '-', 'api-neg'), 'dev')).toBe(
      'orders-dev-api-neg',
    );
    expect(renderName(appendSuffix(['orders-', env, '-api'], '-', 'hc'), 'dev')).toBe(
      'orders-dev-api-hc',
    );
  });

  it('drops a pattern segment equal to the one before ({type}-{name} with a subnet named snet)', () => {
    const conv = ZNamingConvention.parse({ pattern: '{org}-{project}-{env}-{type}-{name}' });
    expect(renderName(composeName(conv, { ...tokens, name: 'snet' }), 'dev')).toBe(
      'acme-shop-dev-snet',
    );
  });
});

describe('shortening by whole words', () => {
  it('abbreviates long words instead of cutting the last one mid-way', () => {
    const rule = NAME_RULES['azure-keyvault']!;
    const fixed = fixName(['kv-contoso-shop-', env, '-secrets'], rule, 'prod'.length);
    expect(renderName(fixed, 'prod')).toBe('kv-cnts-shop-prod-scrts');
    expect(abbreviateWord('secrets')).toBe('scrts');
    expect(abbreviateWord('shop')).toBe('shop');
  });

  it('drops whole middle words when abbreviations are not enough, keeping first and last', () => {
    const rule = NAME_RULES['azure-keyvault']!;
    const fixed = fixName(['kv-contoso-platform-', env, '-secrets'], rule, 'staging'.length);
    const name = renderName(fixed, 'staging');
    expect(name.length).toBeLessThanOrEqual(24);
    expect(name).toBe('kv-pltfrm-staging-scrts');
  });

  it('keeps the component name, abbreviated, and drops a counter first', () => {
    const rule = NAME_RULES['gcp-service-account']!;
    const fixed = fixName(['x-autoscaling9-01-ew1-', env, '-sa'], rule, 'production'.length);
    expect(renderName(fixed, 'production')).toBe('x-atsclng9-ew1-production-sa');
  });

  it('keeps word boundaries when the rule allows no separator (storage accounts)', () => {
    const rule = NAME_RULES['azure-storage']!;
    const fixed = fixName(['st-contoso-orders-', env, '-uploads'], rule, 'staging'.length);
    expect(renderName(fixed, 'staging')).toBe('stcntsordersstaginguplds');
  });

  it('reserves room for the environment and a known variable (a GCP project id)', () => {
    const rule = NAME_RULES['gcp-bucket']!;
    const fixed = fixName(
      [{ opaque: 0, length: 30 }, '-tlm-data-', env, '-fn-ingest-sources-archive'],
      rule,
      'production'.length,
    );
    const text = fixed.map((p) =>
      typeof p === 'string' ? p : 'env' in p ? 'production' : 'p'.repeat(30),
    );
    expect(text.join('').length).toBeLessThanOrEqual(63);
    expect(text.join('')).toBe(`${'p'.repeat(30)}-tlm-production-ingest-srcs-archv`);
  });
});
