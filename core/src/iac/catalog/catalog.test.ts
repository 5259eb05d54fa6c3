import { describe, expect, it } from 'vitest';
import { checkProperty } from '../design/validate';
import { NAME_RULES } from '../naming/rules';
import { CATEGORIES, CLOUDS, SERVICE_KINDS } from '../types';
import { CLOUD_PROFILES, allServices, servicesOf } from './registry';

describe('catalog', () => {
  it('has at least 30 AWS services across every category', () => {
    const aws = servicesOf('aws');
    expect(aws.length).toBeGreaterThanOrEqual(30);
    expect(new Set(aws.map((s) => s.category))).toEqual(new Set(CATEGORIES));
  });

  it.each(CLOUDS)('%s: ids are unique, prefixed by the cloud, one service per kind', (cloud) => {
    const services = servicesOf(cloud);
    expect(services.length).toBeGreaterThanOrEqual(8);
    for (const s of services) {
      expect(s.id.startsWith(`${cloud}.`)).toBe(true);
      expect(s.cloud).toBe(cloud);
      expect(SERVICE_KINDS).toContain(s.kind);
      expect(NAME_RULES[s.naming.rule], s.id).toBeDefined();
      // Generic resources emit whatever type the design names.
      if (s.kind !== 'resource') expect(s.emits.terraform.length, s.id).toBeGreaterThan(0);
    }
    const curated = services.filter((s) => s.kind !== 'resource');
    expect(new Set(curated.map((s) => s.kind)).size).toBe(curated.length);
    // One generic Terraform resource per cloud, and Azure's ARM one.
    expect(services.filter((s) => s.kind === 'resource').map((s) => s.id)).toEqual(
      cloud === 'azure' ? ['azure.resource', 'azure.arm-resource'] : [`${cloud}.resource`],
    );
    expect(CLOUD_PROFILES[cloud].regions.length).toBeGreaterThan(10);
  });

  it('links every non-AWS service by kind to an AWS equivalent', () => {
    // Kinds the AWS catalog has no service for yet: re-targeting lists them as unmapped.
    const awsGaps = ['apm', 'task-queue', 'dns-resolver'];
    const awsKinds = new Set([...servicesOf('aws').map((s) => s.kind), ...awsGaps]);
    const orphans = allServices().filter((s) => s.cloud !== 'aws' && !awsKinds.has(s.kind));
    expect(orphans.map((s) => s.id)).toEqual([]);
  });

  it('gives every property a default that passes its own definition', () => {
    for (const s of allServices()) {
      const keys = new Set<string>();
      for (const p of s.properties) {
        expect(keys.has(p.key), `${s.id}.${p.key} twice`).toBe(false);
        keys.add(p.key);
        expect(checkProperty(p, p.default), `${s.id}.${p.key}`).toBeUndefined();
      }
    }
  });

  it('declares ARM type and API version (yyyy-mm-dd) for every Azure service', () => {
    for (const s of servicesOf('azure')) {
      expect(s.arm, s.id).toBeDefined();
      for (const t of s.emits.arm ?? []) {
        expect(t.type).toMatch(/^Microsoft\.[A-Za-z]+\/[A-Za-z/]+$/);
        expect(t.apiVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it('pins the provider versions the schema data describes', () => {
    expect(
      Object.values(CLOUD_PROFILES).map((p) => `${p.terraform.source}@${p.terraform.version}`),
    ).toEqual([
      'hashicorp/aws@6.19.0',
      'hashicorp/azurerm@4.51.0',
      'hashicorp/google@7.9.0',
      'oracle/oci@7.4.0',
    ]);
  });
});
