import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tf } from './testing/ir';
import { checkPolicy, openFindings } from './check';
import { POLICY_RULES } from './registry';

describe('checkPolicy', () => {
  const open = tf('azurerm_key_vault', 'kv', {}, { node: 'vault' });

  it('reports a finding with its rule, node, address and documentation', () => {
    const [finding] = checkPolicy({ cloud: 'azure', format: 'terraform', resources: [open] });
    expect(finding).toMatchObject({
      rule: 'azure-keyvault-network-deny',
      node: 'vault',
      address: 'azurerm_key_vault.kv',
      docs: 'https://learn.microsoft.com/azure/key-vault/general/network-security',
    });
    expect(finding?.exempted).toBeUndefined();
  });

  it('keeps an exempted finding, marked with the reason, out of the open ones', () => {
    const exemptions = new Map([
      ['vault', new Map([['azure-keyvault-network-deny', 'reached over a private endpoint']])],
    ]);
    const findings = checkPolicy(
      { cloud: 'azure', format: 'terraform', resources: [open] },
      exemptions,
    );
    expect(findings.map((f) => f.exempted)).toEqual(['reached over a private endpoint']);
    expect(openFindings(findings)).toEqual([]);
  });

  it('has unique ids, each rule reading a format and naming its documentation', () => {
    const ids = POLICY_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of POLICY_RULES) {
      expect(r.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(r.terraform ?? r.arm).toBeDefined();
      expect(r.docs).toMatch(/^https:\/\//);
    }
  });

  it('are all in the rules table of docs/iac/validation.md', () => {
    const doc = readFileSync(
      new URL('../../../../docs/iac/validation.md', import.meta.url),
      'utf8',
    );
    const section = doc.slice(doc.indexOf('## Security policy'), doc.indexOf('## Tests'));
    const listed = [...section.matchAll(/^\| `([a-z0-9-]+)` +\|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(POLICY_RULES.map((r) => r.id).sort());
  });
});
