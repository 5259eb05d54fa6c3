import { describe, expect, it } from 'vitest';
import { ZNamingConvention } from './convention';
import { prepareDesign } from '../generate';
import { checkName, composeName, fixName, regionCode, renderName } from './resolve';
import { NAME_RULES } from './rules';

const tokens = {
  org: 'acme',
  project: 'shop',
  region: 'euw1',
  type: 'st',
  name: 'files',
  instance: '01',
};

describe('naming conventions', () => {
  it('joins pattern segments with the separator, drops empty tokens and keeps {env} open', () => {
    const conv = ZNamingConvention.parse({ pattern: '{org}-{project}-{env}-{type}-{name}' });
    const parts = composeName(conv, { ...tokens, org: '' });
    expect(renderName(parts, 'prod')).toBe('shop-prod-st-files');
  });

  it('supports free text, another separator and upper case', () => {
    const conv = ZNamingConvention.parse({
      pattern: 'x{org} {name} {instance}',
      separator: '_',
      case: 'upper',
    });
    expect(renderName(composeName(conv, tokens), 'dev')).toBe('XACME_FILES_01');
    expect(
      composeName(ZNamingConvention.parse({ pattern: '{env}', case: 'upper' }), tokens),
    ).toEqual([{ env: true, upper: true }]);
  });

  it('reports Azure storage account violations with a fix: 3-24 lowercase letters and digits', () => {
    const rule = NAME_RULES['azure-storage']!;
    const conv = ZNamingConvention.parse({});
    const parts = composeName(conv, tokens);
    expect(checkName(renderName(parts, 'staging'), rule)).toEqual([
      'longer than 24 characters (26)',
      "contains '-', allowed: a-z0-9",
    ]);
    const fixed = fixName(parts, rule, 'staging'.length);
    for (const env of ['dev', 'staging'])
      expect(checkName(renderName(fixed, env), rule)).toEqual([]);
    expect(renderName(fixed, 'dev')).toBe('acmeshopdevstfiles');
  });

  it('keeps Key Vault names within 24 characters for the longest environment', () => {
    const rule = NAME_RULES['azure-keyvault']!;
    const parts = composeName(ZNamingConvention.parse({}), {
      ...tokens,
      type: 'kv',
      name: 'secrets-main',
    });
    const fixed = fixName(parts, rule, 'staging'.length);
    expect(renderName(fixed, 'staging').length).toBeLessThanOrEqual(24);
    expect(checkName(renderName(fixed, 'staging'), rule)).toEqual([]);
  });

  it('makes GCP names RFC 1035: a letter first, no trailing hyphen', () => {
    const rule = NAME_RULES['gcp-rfc1035']!;
    expect(checkName('1-web-', rule)).toEqual([
      'must start with a letter',
      'must end with a letter or digit',
    ]);
    expect(renderName(fixName(['1-web-'], rule, 0), 'dev')).toBe('x1-web');
  });

  it('shortens region names', () => {
    expect(regionCode('us-east-1')).toBe('use1');
    expect(regionCode('europe-west1')).toBe('ew1');
    expect(regionCode('westeurope')).toBe('weu');
    expect(regionCode('eu-frankfurt-1')).toBe('euf1');
  });

  it('adds a stable suffix to globally unique names when the pattern names no owner', () => {
    const design = {
      v: 2,
      name: 'demo',
      provider: 'aws',
      region: 'us-east-1',
      naming: { pattern: '{env}-{name}' },
      components: [{ id: 'assets', service: 'aws.s3', name: 'assets' }],
    };
    const prepared = prepareDesign(design);
    if (!prepared.ok) throw new Error('invalid');
    const name = prepared.names.get('assets')!;
    expect(name.violations.map((v) => v.reason)).toEqual([
      'S3 bucket names are global: include {org} or {project}',
    ]);
    expect(renderName(name.parts, 'dev')).toMatch(/^dev-assets-[a-z0-9]{5}$/);
    const again = prepareDesign(design);
    expect(again.ok && renderName(again.names.get('assets')!.parts, 'dev')).toBe(
      renderName(name.parts, 'dev'),
    );
  });

  it('uses abbreviation overrides by service id or kind', () => {
    const prepared = prepareDesign({
      v: 2,
      name: 'demo',
      provider: 'aws',
      region: 'us-east-1',
      naming: {
        org: 'acme',
        pattern: '{org}-{type}-{name}',
        abbreviations: { 'object-storage': 'bkt' },
      },
      components: [{ id: 'assets', service: 'aws.s3', name: 'assets' }],
    });
    expect(prepared.ok && renderName(prepared.names.get('assets')!.parts, 'dev')).toBe(
      'acme-bkt-assets',
    );
  });
});

describe('name collisions', () => {
  it('keeps names apart when shortening makes them equal', () => {
    const prepared = prepareDesign({
      v: 2,
      name: 'demo',
      provider: 'azure',
      region: 'westeurope',
      environments: [{ name: 'dev' }],
      naming: { org: 'contoso', project: 'platform' },
      components: [
        { id: 'vault-one', service: 'azure.key-vault', name: 'alpha-beta-gamma-delta-main' },
        { id: 'vault-two', service: 'azure.key-vault', name: 'bravo-beta-gamma-delta-main' },
      ],
    });
    if (!prepared.ok) throw new Error('invalid');
    const one = renderName(prepared.names.get('vault-one')!.parts, 'dev');
    const two = renderName(prepared.names.get('vault-two')!.parts, 'dev');
    expect(one).not.toBe(two);
    expect(two.length).toBeLessThanOrEqual(24);
    expect(prepared.names.get('vault-two')!.violations.map((v) => v.reason)).toContain(
      'same name as "vault-one" after shortening',
    );
  });
});

describe('naming patterns', () => {
  const issuesOf = (pattern: string) => {
    const prepared = prepareDesign({
      v: 2,
      name: 'demo',
      provider: 'aws',
      region: 'us-east-1',
      naming: { pattern },
      components: [{ id: 'assets', service: 'aws.s3', name: 'assets' }],
    });
    return prepared.ok ? [] : prepared.issues.map((i) => [i.path, i.message]);
  };

  it('refuse an unclosed {token instead of keeping it as literal text in every name', () => {
    expect(issuesOf('{org}-{project}-{env')).toEqual([
      ['naming.pattern', '"{env" is not closed: write {env}'],
    ]);
  });

  it('refuse unknown tokens and a stray closing brace', () => {
    expect(issuesOf('{org}-{team}-{env}}')).toEqual([
      [
        'naming.pattern',
        '{team} is not a token: use {org} {project} {env} {region} {type} {name} {instance}',
      ],
      ['naming.pattern', '"}" without an opening "{"'],
    ]);
    expect(issuesOf('{org}-{env}-{name}')).toEqual([]);
  });
});
