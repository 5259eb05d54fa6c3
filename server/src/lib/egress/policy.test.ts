import { describe, expect, it } from 'vitest';
import { parseAllowRules } from './allow-rules';
import { EgressPolicy, EgressRefusedError, type Resolver } from './policy';

const DNS: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'db.internal': ['10.1.2.3'],
  'mixed.example': ['93.184.216.34', '127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:10.1.2.3'],
};
const resolver: Resolver = (host) => {
  const found = DNS[host];
  return found
    ? Promise.resolve(found.map((address) => ({ family: address.includes(':') ? 6 : 4, address })))
    : Promise.reject(new Error('ENOTFOUND'));
};

const policyWith = (allow = '', admin = '') => {
  const policy = new EgressPolicy(parseAllowRules(allow).rules, resolver);
  policy.setAdminRules(parseAllowRules(admin).rules);
  return policy;
};

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EgressRefusedError) return error.kind;
    throw error;
  }
  return 'allowed';
};

describe('allow rules', () => {
  it('reads CIDRs, single addresses and host:port in any separator', () => {
    const { rules, errors } = parseAllowRules(
      '10.0.0.0/8, fd00::/8\n127.0.0.1 [::1]:5432 Db.Internal.:5432',
    );
    expect(errors).toEqual([]);
    expect(rules).toMatchObject([
      { kind: 'cidr', network: '10.0.0.0', prefix: 8 },
      { kind: 'cidr', network: 'fd00::', prefix: 8 },
      { kind: 'cidr', network: '127.0.0.1', prefix: 32 },
      { kind: 'host-port', host: '::1', port: 5432 },
      { kind: 'host-port', host: 'db.internal', port: 5432 },
    ]);
  });

  it('names every entry it cannot read', () => {
    expect(
      parseAllowRules('10.0.0.0/33 db.internal host:0 host:99999 a b:c /8').errors,
    ).toHaveLength(7);
  });
});

describe('egress policy', () => {
  it('lets public names and addresses through and returns the address it checked', async () => {
    await expect(policyWith().check('public.example', 443)).resolves.toEqual({
      host: 'public.example',
      port: 443,
      ip: { family: 4, address: '93.184.216.34' },
      addresses: [{ family: 4, address: '93.184.216.34' }],
    });
    await expect(policyWith().check('8.8.8.8', 53)).resolves.toMatchObject({
      ip: { address: '8.8.8.8' },
    });
  });

  it('refuses non-public addresses, whatever the spelling or the name in front', async () => {
    const policy = policyWith();
    expect(await refusal(policy.check('0x7f.1', 5432))).toBe('loopback');
    expect(await refusal(policy.check('[::ffff:127.0.0.1]', 5432))).toBe('loopback');
    expect(await refusal(policy.check('db.internal', 5432))).toBe('private');
    expect(await refusal(policy.check('mapped.example', 5432))).toBe('private');
    expect(await refusal(policy.check('metadata.example', 80))).toBe('metadata');
    expect(await refusal(policy.check('nowhere.example', 80))).toBe('unresolved');
  });

  it('refuses a name when any of its addresses is refused', async () => {
    expect(await refusal(policyWith().check('mixed.example', 80))).toBe('loopback');
  });

  it('opens a range, or exactly one host and port, with EGRESS_ALLOW', async () => {
    expect(await refusal(policyWith('127.0.0.0/8').check('127.1', 5432))).toBe('allowed');
    expect(await refusal(policyWith('10.0.0.0/8').check('mapped.example', 5432))).toBe('allowed');
    expect(await refusal(policyWith('db.internal:5432').check('db.internal', 5432))).toBe(
      'allowed',
    );
    expect(await refusal(policyWith('db.internal:5432').check('db.internal', 6379))).toBe(
      'private',
    );
    expect(await refusal(policyWith('db.internal:5432').check('10.1.2.3', 5432))).toBe('private');
    expect(await refusal(policyWith('127.0.0.1:5432').check('2130706433', 5432))).toBe('allowed');
  });

  it('lets the admin list open private ranges but never metadata or link-local', async () => {
    expect(await refusal(policyWith('', '10.0.0.0/8').check('db.internal', 5432))).toBe('allowed');
    expect(await refusal(policyWith('', '169.254.0.0/16').check('169.254.169.254', 80))).toBe(
      'metadata',
    );
    expect(await refusal(policyWith('', 'fe80::/10').check('fe80::1', 80))).toBe('link-local');
    expect(await refusal(policyWith('169.254.169.254/32').check('169.254.169.254', 80))).toBe(
      'allowed',
    );
  });

  it('forgets the admin list when it is replaced', async () => {
    const policy = policyWith('', '10.0.0.0/8');
    policy.setAdminRules([]);
    expect(await refusal(policy.check('db.internal', 5432))).toBe('private');
  });
});
