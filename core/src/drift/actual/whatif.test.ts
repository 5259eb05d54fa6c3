import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectDrift } from '../detect';
import { actualOf } from '../test-helpers';
import { readActual } from '.';
import { armTypeOfId, resolveWhatIfPath, splitWhatIfPath } from './whatif';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const actual = (kind: Parameters<typeof actualOf>[0], name: string, type?: string) =>
  actualOf(kind, fixture(name), type);

const RG = '/subscriptions/00000000-0000-0000-0000-00000000aaaa/resourceGroups/app-rg';

describe('Azure what-if', () => {
  const cli = actual('whatif', 'whatif-cli.json');
  const scan = detectDrift(cli.desired ?? null, cli.value, { ignoreRules: [] });

  it('maps change types to buckets (Create missing, Delete unmanaged, Unsupported unknown)', () => {
    // In sync: the resource group (NoChange) and the subnet (only noise).
    expect(scan.summary).toEqual({
      inSync: 2,
      changed: 2,
      missing: 1,
      unmanaged: 1,
      unknown: 1,
      notChecked: 1,
    });
    expect(scan.changes.find((c) => c.status === 'unmanaged')).toMatchObject({
      address: `${RG}/providers/Microsoft.Storage/storageAccounts/oldlogs`,
      resourceType: 'Microsoft.Storage/storageAccounts',
    });
    expect(scan.changes.find((c) => c.status === 'unknown')?.reason).toMatch(/cannot be analyzed/);
  });

  it('flattens deltas with nested children and sets aside NoEffect, masked and server-populated', () => {
    const vm = scan.changes.find((c) => c.resourceType === 'Microsoft.Compute/virtualMachines');
    // before = the template (desired), after = the cloud.
    expect(vm?.attributes).toEqual([
      {
        path: ['properties', 'hardwareProfile', 'vmSize'],
        before: 'Standard_B2s',
        after: 'Standard_B4ms',
      },
    ]);
    const nic = scan.changes.find((c) => c.resourceType === 'Microsoft.Network/networkInterfaces');
    expect(nic?.attributes).toEqual([
      {
        path: ['properties', 'ipConfigurations', 0, 'properties', 'privateIPAllocationMethod'],
        before: 'Static',
        after: 'Dynamic',
      },
    ]);
    expect(cli.value.noise).toMatchObject({
      'no-effect': 2,
      masked: 1,
      'server-populated': 4,
      'duplicate-entry': 1,
      'azure-id-case': 1,
    });
  });

  it('treats a subnet whose only difference is the case of an id as in sync', () => {
    expect(scan.changes.map((c) => c.resourceType)).not.toContain(
      'Microsoft.Network/virtualNetworks/subnets',
    );
  });

  it('reads a resource listed twice once', () => {
    expect(scan.changes.filter((c) => c.status === 'missing')).toHaveLength(1);
  });

  it('keeps diagnostics as one warning per code', () => {
    expect(cli.value.warnings).toEqual([
      'Warning NestedDeploymentShortCircuited (×2): A nested deployment got short-circuited.',
    ]);
  });

  it('reads the REST envelope and Microsoft’s example document the same way', () => {
    const rest = actual('whatif', 'whatif-rest.json');
    const example = actual('whatif', 'whatif-example.json');
    expect(example.value).toEqual(rest.value);
    const r = detectDrift(rest.desired ?? null, rest.value, { ignoreRules: [] });
    expect(r.summary).toMatchObject({ changed: 1, missing: 1 });
    expect(r.changes[0]?.attributes).toEqual([
      { path: ['tags', 'cost center'], before: '42', after: undefined },
    ]);
  });

  it('refuses a failed run and other documents with a message', () => {
    const failed = readActual(
      'whatif',
      JSON.stringify({
        status: 'Failed',
        error: { code: 'InvalidTemplate', message: 'Template is broken' },
        properties: { changes: [] },
      }),
    );
    expect(failed).toEqual({ ok: false, message: 'The what-if run failed: Template is broken' });
    expect(readActual('whatif', '{"resources": []}').ok).toBe(false);
  });

  it('reads resource types and property paths', () => {
    expect(armTypeOfId(`${RG}/providers/Microsoft.Network/virtualNetworks/v/subnets/s`)).toBe(
      'Microsoft.Network/virtualNetworks/subnets',
    );
    expect(armTypeOfId(RG)).toBe('Microsoft.Resources/resourceGroups');
    expect(splitWhatIfPath('properties.ipConfigurations[0].properties.primary')).toEqual([
      'properties',
      'ipConfigurations',
      0,
      'properties',
      'primary',
    ]);
  });
});

describe('what-if property paths with dotted keys', () => {
  it('keeps a key holding dots whole when the resource has it', () => {
    const before = { tags: { 'k8s.io/owner': 'a', env: 'x' } };
    expect(resolveWhatIfPath('tags.k8s.io/owner', [], [before, null])).toEqual([
      'tags',
      'k8s.io/owner',
    ]);
    expect(resolveWhatIfPath('tags.env', [], [before, null])).toEqual(['tags', 'env']);
    expect(resolveWhatIfPath('properties.subnets[0].name', [], [{}])).toEqual([
      'properties',
      'subnets',
      0,
      'name',
    ]);
  });
});

describe('what-if change types without a bucket of their own', () => {
  it('reads Deploy (ResourceIdOnly) as not checked, and says what it did not report', () => {
    const r = readActual(
      'whatif',
      JSON.stringify({
        status: 'Succeeded',
        changes: [
          { resourceId: `${RG}/providers/Microsoft.Web/sites/app`, changeType: 'Deploy' },
          { resourceId: `${RG}/providers/Microsoft.Web/sites/other`, changeType: 'Teleport' },
        ],
        potentialChanges: [
          { resourceId: `${RG}/providers/Microsoft.Web/sites/app`, changeType: 'Modify' },
        ],
      }),
    );
    if (!r.ok) throw new Error(r.message);
    const scan = detectDrift(r.desired ?? null, r.value, { ignoreRules: [] });
    expect(scan.summary).toMatchObject({ notChecked: 2, changed: 0 });
    expect(r.value.warnings).toEqual([
      `What-if change type Teleport on ${RG}/providers/Microsoft.Web/sites/other is not known: not checked.`,
      "1 potential change(s) (what-if's low-confidence list) are not reported as drift.",
    ]);
  });
});

describe('properties what-if deletes that hold Azure’s default', () => {
  const vnetId = `${RG}/providers/Microsoft.Network/virtualNetworks/app-vnet`;
  const read = (delta: unknown[]) => {
    const r = readActual(
      'whatif',
      JSON.stringify({
        status: 'Succeeded',
        changes: [
          {
            resourceId: vnetId,
            changeType: 'Modify',
            before: { type: 'Microsoft.Network/virtualNetworks' },
            after: { type: 'Microsoft.Network/virtualNetworks' },
            delta,
          },
        ],
      }),
    );
    if (!r.ok) throw new Error(r.message);
    return {
      scan: detectDrift(r.desired ?? null, r.value, { ignoreRules: [] }),
      noise: r.value.noise,
    };
  };

  it('sets aside a left-out property that holds the default, embedded peerings included', () => {
    const { scan, noise } = read([
      {
        path: 'properties.privateEndpointVNetPolicies',
        propertyChangeType: 'Delete',
        before: 'Disabled',
      },
      {
        path: 'properties.virtualNetworkPeerings',
        propertyChangeType: 'Array',
        children: [
          {
            path: '0',
            propertyChangeType: 'Modify',
            children: [
              { path: 'properties.peerCompleteVnets', propertyChangeType: 'Delete', before: true },
            ],
          },
        ],
      },
    ]);
    expect(scan.summary).toMatchObject({ inSync: 1, changed: 0 });
    expect(noise).toMatchObject({ 'azure-default': 2 });
  });

  it('still reports a left-out property whose value is not the default: deploying would reset it', () => {
    const { scan } = read([
      {
        path: 'properties.privateEndpointVNetPolicies',
        propertyChangeType: 'Delete',
        before: 'Basic',
      },
    ]);
    expect(scan.summary).toMatchObject({ changed: 1 });
    expect(scan.changes[0]?.attributes).toMatchObject([
      { path: ['properties', 'privateEndpointVNetPolicies'], after: 'Basic' },
    ]);
  });
});
