import { describe, expect, it } from 'vitest';
import { servicesOf } from '../catalog/registry';
import { CLOUDS } from '../types';
import { NAME_RULES } from './rules';
import { ARM_FIXED_NAME_TYPES, ARM_NAME_RULES } from './arm-type-rules';
import { TERRAFORM_NAME_FIELDS } from './type-rules';
import { TERRAFORM_UNCOMPOSED_NAME_TYPES } from './uncomposed-types';

const emitted = CLOUDS.flatMap((c) => servicesOf(c));

describe('naming rules by resource type', () => {
  it('know every Terraform type the catalog emits: a new type cannot skip its naming rule', () => {
    const unknown = [...new Set(emitted.flatMap((s) => s.emits.terraform))].filter(
      (t) =>
        TERRAFORM_NAME_FIELDS[t] === undefined &&
        !TERRAFORM_UNCOMPOSED_NAME_TYPES.has(t) &&
        // OCI resources are named by display_name unless listed.
        !t.startsWith('oci_'),
    );
    expect(unknown).toEqual([]);
  });

  it('know every ARM type the catalog emits', () => {
    const unknown = [
      ...new Set(emitted.flatMap((s) => (s.emits.arm ?? []).map((a) => a.type))),
    ].filter((t) => ARM_NAME_RULES[t] === undefined && !ARM_FIXED_NAME_TYPES.has(t));
    expect(unknown).toEqual([]);
  });

  it('point at rules that exist', () => {
    const ids = [
      ...Object.values(TERRAFORM_NAME_FIELDS).flatMap((fields) => fields.map((f) => f.rule)),
      ...Object.values(ARM_NAME_RULES),
    ];
    expect(ids.filter((id) => NAME_RULES[id] === undefined)).toEqual([]);
  });

  it('use the real limits of the issue: GKE 40, SQS 80 with .fifo, storage 3-24, Key Vault 3-24', () => {
    const rule = (type: string) => NAME_RULES[TERRAFORM_NAME_FIELDS[type]![0]!.rule]!;
    expect(rule('google_container_cluster').max).toBe(40);
    expect(rule('aws_sqs_queue').max).toBe(80);
    expect(TERRAFORM_NAME_FIELDS['aws_sqs_queue']![0]!.suffix?.test('jobs.fifo')).toBe(true);
    expect([rule('azurerm_storage_account').min, rule('azurerm_storage_account').max]).toEqual([
      3, 24,
    ]);
    expect([rule('azurerm_key_vault').min, rule('azurerm_key_vault').max]).toEqual([3, 24]);
    expect(NAME_RULES[ARM_NAME_RULES['Microsoft.Storage/storageAccounts']!]!.chars).toBe('a-z0-9');
  });
});
