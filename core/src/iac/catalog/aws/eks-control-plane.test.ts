import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * The EKS control plane as AKS and GKE have theirs: private unless authorised networks are
 * listed, secrets encrypted with a KMS key, API, audit and authenticator logs with a retention.
 */
const EKS_RULES = [
  'aws-eks-private-endpoint',
  'aws-eks-secrets-encryption',
  'aws-eks-control-plane-logging',
];

const cluster = (
  properties: Record<string, unknown> = {},
  extra: { key?: boolean; policy?: Record<string, unknown> } = {},
) =>
  smallDesign({
    cloud: 'aws',
    components: [
      {
        id: 'k8s',
        service: 'aws.eks',
        name: 'k8s',
        group: 'sn-0',
        properties,
        ...(extra.policy ? { policy: extra.policy } : {}),
      },
      ...(extra.key ? [{ id: 'key', service: 'aws.kms', name: 'platform' }] : []),
    ],
    connections: [
      { from: 'k8s', to: 'sn-1', type: 'placement' },
      ...(extra.key ? [{ from: 'k8s', to: 'key', type: 'data' }] : []),
    ],
  });

function findings(design: unknown) {
  const r = generate(design, { format: 'terraform', layout: 'single' });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.policy
    .filter((f) => EKS_RULES.includes(f.rule))
    .map((f) => [f.rule, f.message, f.exempted]);
}

describe('aws: EKS control plane baseline', () => {
  const hcl = mainTf(cluster());
  const eks = resourceBlock(hcl, 'aws_eks_cluster', 'k8s');

  it('is administered by the IAM role given per environment, not by whoever applies the code', () => {
    expect(eks).toMatch(/authentication_mode\s+= "API"/);
    expect(eks).toMatch(/bootstrap_cluster_creator_admin_permissions = false/);
    const entry = resourceBlock(hcl, 'aws_eks_access_entry', 'k8s_admin');
    expect(entry).toMatch(/cluster_name\s+= aws_eks_cluster\.k8s\.name/);
    expect(entry).toMatch(/principal_arn = var\.k8s_admin_principal_arn/);
    const policy = resourceBlock(hcl, 'aws_eks_access_policy_association', 'k8s_admin');
    expect(policy).toMatch(/principal_arn = aws_eks_access_entry\.k8s_admin\.principal_arn/);
    expect(policy).toContain(
      'policy_arn    = "arn:aws:eks::aws:cluster-access-policy/AmazonEKSClusterAdminPolicy"',
    );
    expect(policy).toMatch(/access_scope \{\n\s+type = "cluster"/);
    // A session ARN (what `aws sts get-caller-identity` prints for an assumed role) is refused.
    expect(hcl).toContain(
      'condition     = can(regex("^arn:aws[a-z-]*:iam::[0-9]{12}:(role|user)/.+$", var.k8s_admin_principal_arn))',
    );
  });

  it('tells the README reader which role to give and how to sign in', () => {
    const r = generate(cluster(), { format: 'terraform', layout: 'single', readme: true });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const readme = r.files.find((f) => f.path === 'README.md')!;
    expect(readme.content).toContain('- `k8s`: `TF_VAR_k8s_admin_principal_arn`');
    expect(readme.content).toContain(
      'aws eks update-kubeconfig --region eu-west-1 --name "$(terraform output -raw k8s_cluster_name)" --role-arn "$TF_VAR_k8s_admin_principal_arn"',
    );
    expect(readme.content).toContain('has a private API endpoint: run kubectl from the cluster');
    const open = generate(cluster({ authorizedNetworks: ['203.0.113.0/24'] }), {
      format: 'terraform',
      layout: 'single',
      readme: true,
    });
    if (!open.ok) throw new Error(JSON.stringify(open.issues));
    expect(open.files.find((f) => f.path === 'README.md')!.content).not.toContain(
      'private API endpoint',
    );
  });

  it('keeps the API server private by default', () => {
    expect(eks).toMatch(/endpoint_private_access = true/);
    expect(eks).toMatch(/endpoint_public_access {2}= false/);
    expect(eks).not.toMatch(/public_access_cidrs/);
  });

  it('encrypts secrets with a key of its own that rotates, which the cluster role may use', () => {
    expect(eks).toMatch(
      /resources = \["secrets"\]\n\n\s+provider \{\n\s+key_arn = aws_kms_key\.k8s_secrets\.arn/,
    );
    expect(resourceBlock(hcl, 'aws_kms_key', 'k8s_secrets')).toMatch(
      /enable_key_rotation\s+= true/,
    );
    const access = resourceBlock(hcl, 'aws_iam_role_policy', 'k8s_cluster_secrets');
    expect(access).toMatch(/role = aws_iam_role\.k8s_cluster\.id/);
    expect(access).toMatch(/Resource = \[aws_kms_key\.k8s_secrets\.arn\]/);
  });

  it('logs API, audit and authenticator events into its encrypted log group, created first with a retention', () => {
    expect(eks).toMatch(/enabled_cluster_log_types = \["api", "audit", "authenticator"\]/);
    const name = /\n {2}name\s+= "([^"]+)"/.exec(eks)?.[1];
    const logs = resourceBlock(hcl, 'aws_cloudwatch_log_group', 'k8s_control_plane');
    expect(logs).toContain(`name              = "/aws/eks/${name}/cluster"`);
    expect(logs).toMatch(/retention_in_days = 90/);
    // Encrypted with the cluster's own key, whose policy lets CloudWatch Logs use it for log groups.
    expect(logs).toMatch(/kms_key_id\s+= aws_kms_key\.k8s_secrets\.arn/);
    const key = resourceBlock(hcl, 'aws_kms_key', 'k8s_secrets');
    expect(key).toMatch(/Sid\s+= "AccountAdministersKeyThroughIam"/);
    expect(key).toMatch(/Sid\s+= "CloudWatchLogsEncryptsLogGroups"/);
    expect(key).toContain('Service = "logs.${var.region}.amazonaws.com"');
    expect(key).toContain(
      '"kms:EncryptionContext:aws:logs:arn" = "arn:${data.aws_partition.current.partition}:logs:${var.region}:${data.aws_caller_identity.current.account_id}:log-group:*"',
    );
    expect(eks).toMatch(
      /depends_on = \[[^\]]*aws_iam_role_policy\.k8s_cluster_secrets, aws_cloudwatch_log_group\.k8s_control_plane\]/,
    );
  });

  it('reports no EKS finding and passes the schema check', async () => {
    expect(findings(cluster())).toEqual([]);
    expect(await checkOutput(terraformFiles(cluster()), sharedOrBundledSchemas())).toEqual([]);
  });

  it('opens the endpoint to the authorised networks only', async () => {
    const design = cluster({ authorizedNetworks: ['198.51.100.0/24'] });
    const open = resourceBlock(mainTf(design), 'aws_eks_cluster', 'k8s');
    expect(open).toMatch(/endpoint_public_access {2}= true/);
    expect(open).toMatch(/public_access_cidrs\s+= \["198\.51\.100\.0\/24"\]/);
    expect(findings(design)).toEqual([]);
    expect(await checkOutput(terraformFiles(design), sharedOrBundledSchemas())).toEqual([]);
  });

  it('refuses an authorised network that is not a CIDR range', () => {
    const r = generate(cluster({ authorizedNetworks: ['198.51.100.7'] }), { format: 'terraform' });
    expect(r.ok ? [] : r.issues.filter((i) => i.severity === 'error').map((i) => i.path)).toEqual([
      'components[0].properties.authorizedNetworks',
    ]);
  });

  it('reports a public endpoint open to any address, which a design may waive', () => {
    const open = cluster({ publicEndpoint: true });
    expect(resourceBlock(mainTf(open), 'aws_eks_cluster', 'k8s')).toMatch(
      /public_access_cidrs\s+= \["0\.0\.0\.0\/0"\]/,
    );
    const message = 'the API server endpoint is public to any address (0.0.0.0/0)';
    expect(findings(open)).toEqual([['aws-eks-private-endpoint', message, undefined]]);
    const reason = 'a lab cluster reached from anywhere';
    const waived = cluster(
      { publicEndpoint: true },
      { policy: { exempt: [{ rule: 'aws-eks-private-endpoint', reason }] } },
    );
    expect(findings(waived)).toEqual([['aws-eks-private-endpoint', message, reason]]);
  });

  it('uses a connected KMS key for secrets and logs, and lets CloudWatch Logs use it', async () => {
    const design = cluster({}, { key: true });
    const keyed = mainTf(design);
    expect(keyed).not.toMatch(/resource "aws_kms_key" "k8s_secrets"/);
    expect(resourceBlock(keyed, 'aws_eks_cluster', 'k8s')).toMatch(
      /key_arn = aws_kms_key\.key\.arn/,
    );
    expect(resourceBlock(keyed, 'aws_cloudwatch_log_group', 'k8s_control_plane')).toMatch(
      /kms_key_id\s+= aws_kms_key\.key\.arn/,
    );
    expect(resourceBlock(keyed, 'aws_kms_key', 'key')).toMatch(/CloudWatchLogsEncryptsLogGroups/);
    expect(findings(design)).toEqual([]);
    expect(await checkOutput(terraformFiles(design), sharedOrBundledSchemas())).toEqual([]);
  });
});
