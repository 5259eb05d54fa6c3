import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** A GKE cluster pulling from a repository, whose pods read a secret through Workload Identity. */
const design = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'gke', service: 'gcp.gke', name: 'apps', group: 'sn-0' },
    { id: 'images', service: 'gcp.artifact-registry', name: 'images' },
    { id: 'api-key', service: 'gcp.secret-manager', name: 'api-key' },
    { id: 'builder', service: 'gcp.compute-instance', name: 'builder', group: 'sn-1' },
  ],
  connections: [
    { from: 'gke', to: 'api-key', type: 'data' },
    { from: 'gke', to: 'images', type: 'data' },
    { from: 'builder', to: 'images', type: 'data' },
  ],
});

/** The same cluster with only the repository connected. */
const pullOnly = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'gke', service: 'gcp.gke', name: 'apps', group: 'sn-0' },
    { id: 'images', service: 'gcp.artifact-registry', name: 'images' },
  ],
  connections: [{ from: 'gke', to: 'images', type: 'data' }],
});

/** `member = …` of every repository IAM grant, by resource name. */
const repositoryReaders = (hcl: string): Record<string, string> =>
  Object.fromEntries(
    [
      ...hcl.matchAll(
        /resource "google_artifact_registry_repository_iam_member" "(\w+)" \{[^}]*?role\s+= "roles\/artifactregistry\.reader"\n\s+member\s+= "([^"]+)"/g,
      ),
    ].map((m): [string, string] => [m[1] ?? '', m[2] ?? '']),
  );

describe('gcp: GKE on a new project', () => {
  const hcl = mainTf(design);

  it('binds the workload identity pool only once the cluster that creates the pool exists', () => {
    const binding = resourceBlock(
      hcl,
      'google_service_account_iam_member',
      'gke_workload_identity',
    );
    expect(binding).toContain(
      'member             = "serviceAccount:${var.project_id}.svc.id.goog[default/apps]"',
    );
    expect(binding).toContain('depends_on         = [google_container_cluster.gke]');
  });

  it('lets the nodes pull from the repository (the kubelet pulls as the node account), on it alone', () => {
    expect(repositoryReaders(hcl)).toEqual({
      gke_nodes_to_images: 'serviceAccount:${google_service_account.gke_nodes.email}',
      // A VM pulls as its own account.
      builder_to_images: 'serviceAccount:${google_service_account.builder.email}',
    });
    expect(
      resourceBlock(hcl, 'google_artifact_registry_repository_iam_member', 'gke_nodes_to_images'),
    ).toContain('repository = google_artifact_registry_repository.images.name');
  });

  it('makes no workload account when pods are given nothing but images to pull', () => {
    const only = mainTf(pullOnly);
    expect(repositoryReaders(only)).toEqual({
      gke_nodes_to_images: 'serviceAccount:${google_service_account.gke_nodes.email}',
    });
    expect(only).not.toContain('gke_workload');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
    expect(await checkOutput(terraformFiles(pullOnly))).toEqual([]);
  });
});

/**
 * Kubernetes NetworkPolicy objects are enforced: the cluster runs Dataplane V2. Before, it ran the
 * legacy dataplane without Calico, which accepts NetworkPolicies and enforces none, so every pod
 * reached every other (tfsec google-gke-enable-network-policy, Checkov CKV_GCP_12).
 */
describe('gcp: GKE enforces NetworkPolicy', () => {
  it('creates the cluster on Dataplane V2, with no Calico add-on beside it', () => {
    const cluster = resourceBlock(mainTf(pullOnly), 'google_container_cluster', 'gke');
    expect(cluster).toMatch(/datapath_provider\s+= "ADVANCED_DATAPATH"/);
    // Calico and Dataplane V2 exclude each other.
    expect(cluster).not.toContain('network_policy');
  });
});

describe('gcp: GKE with a Cloud KMS key', () => {
  const withKey = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'gke', service: 'gcp.gke', name: 'apps', group: 'sn-0' },
      { id: 'images', service: 'gcp.artifact-registry', name: 'images' },
      { id: 'key', service: 'gcp.cloud-kms', name: 'secrets' },
    ],
    connections: [
      { from: 'gke', to: 'images', type: 'data' },
      { from: 'gke', to: 'key', type: 'data' },
    ],
  });
  const hcl = mainTf(withKey);

  it("encrypts the cluster's secrets with it, once GKE's service agent may use it", () => {
    const cluster = resourceBlock(hcl, 'google_container_cluster', 'gke');
    expect(cluster).toMatch(
      /database_encryption \{\n\s+state\s+= "ENCRYPTED"\n\s+key_name = google_kms_crypto_key\.key\.id/,
    );
    expect(cluster).toMatch(/depends_on\s+= \[google_kms_crypto_key_iam_member\.gke_agent_key\]/);
    expect(resourceBlock(hcl, 'google_kms_crypto_key_iam_member', 'gke_agent_key')).toContain(
      '@container-engine-robot.iam.gserviceaccount.com"',
    );
  });

  it('encrypts nothing with a key it is not connected to', () => {
    expect(mainTf(pullOnly)).not.toContain('database_encryption');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(withKey))).toEqual([]);
  });
});
