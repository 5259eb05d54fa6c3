import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * AKS creates clusters only on the minors it still supports: by default the cluster takes
 * AKS's current default version, a pin stays possible, patches follow on their own, and a saved
 * design with a minor AKS no longer offers still builds.
 */
const aks = (properties: Record<string, unknown> = {}, environments?: unknown[]) => ({
  ...smallDesign({
    cloud: 'azure',
    components: [{ id: 'k8s', service: 'azure.aks', name: 'k8s', group: 'sn-0', properties }],
  }),
  ...(environments ? { environments } : {}),
});

function generated(design: unknown, format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(design, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}

const cluster = (design: unknown) =>
  resourceBlock(
    generated(design, 'terraform').files.find((f) => f.path === 'main.tf')!.content,
    'azurerm_kubernetes_cluster',
    'k8s',
  );

const armCluster = (design: unknown) =>
  (
    JSON.parse(
      generated(design, 'arm').files.find((f) => f.path === 'azuredeploy.json')!.content,
    ) as { resources: { type: string; properties: Record<string, unknown> }[] }
  ).resources.find((r) => r.type === 'Microsoft.ContainerService/managedClusters')!.properties;

describe('AKS Kubernetes version', () => {
  it('by default leaves the version to AKS and takes patch upgrades (Terraform, ARM, Bicep)', () => {
    const tf = cluster(aks());
    expect(tf).not.toContain('kubernetes_version');
    expect(tf).toMatch(/\n {2}automatic_upgrade_channel\s+= "patch"\n/);
    const arm = armCluster(aks());
    expect(arm['kubernetesVersion']).toBeUndefined();
    expect(arm['autoUpgradeProfile']).toEqual({ upgradeChannel: 'patch' });
    const bicep = generated(aks(), 'bicep').files.find((f) => f.path === 'main.bicep')!.content;
    expect(bicep).not.toContain('kubernetesVersion');
    expect(bicep).toMatch(/autoUpgradeProfile: \{\n\s+upgradeChannel: 'patch'\n/);
  });

  it('writes a pinned minor in both tools, per environment too', () => {
    expect(cluster(aks({ version: '1.35' }))).toMatch(/\n {2}kubernetes_version\s+= "1.35"\n/);
    expect(armCluster(aks({ version: '1.35' }))['kubernetesVersion']).toBe('1.35');
    const perEnv = aks({ version: '1.35' }, [
      { name: 'dev' },
      { name: 'prod', overrides: { k8s: { version: '1.34' } } },
    ]);
    expect(cluster(perEnv)).toMatch(/\n {2}kubernetes_version\s+= var\.k8s_version\n/);
  });

  it('reads a minor AKS no longer offers, from a saved design, as the default and says so', () => {
    const saved = aks({ version: '1.32' }, [
      { name: 'dev' },
      { name: 'prod', overrides: { k8s: { version: '1.31' } } },
    ]);
    const r = generated(saved, 'terraform');
    expect(r.completions.map((c) => c.message)).toEqual([
      'Kubernetes version "1.32" is no longer offered: now "default"',
      'Kubernetes version "1.31" is no longer offered: now "default" (environment prod)',
    ]);
    expect(cluster(saved)).not.toContain('kubernetes_version');
    expect(armCluster(saved)['kubernetesVersion']).toBeUndefined();
  });

  it('refuses a pin in some environments only, naming the component', () => {
    const mixed = aks({ version: '1.35' }, [
      { name: 'dev' },
      { name: 'prod', overrides: { k8s: { version: 'default' } } },
    ]);
    const r = generate(mixed, { format: 'terraform' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues.map((i) => i.message).join('\n')).toContain(
      'k8s: Kubernetes version is pinned in some environments and left to AKS in others (prod)',
    );
  });

  it('checks against the provider schemas and ARM types', async () => {
    const all = ['terraform', 'arm', 'bicep'].flatMap(
      (f) => generated(aks(), f as 'terraform').files,
    );
    expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
  });
});
