import { describe, expect, it } from 'vitest';
import { instantiate } from './instantiate';
import { loadConfiguration } from './load';

const files = (all: Record<string, string[]>) =>
  Object.entries(all).map(([path, lines]) => ({ path, content: lines.join('\n') }));

describe('modules instantiated with their inputs', () => {
  it('reads two modules that read each other’s outputs (a cluster and the file system it mounts)', () => {
    const config = loadConfiguration(
      files({
        'main.tf': [
          'module "cluster" {',
          '  source         = "./modules/cluster"',
          '  file_system_arn = module.files.arn',
          '}',
          'module "files" {',
          '  source            = "./modules/files"',
          '  cluster_group_id  = module.cluster.group_id',
          '}',
        ],
        'modules/cluster/main.tf': [
          'variable "file_system_arn" {}',
          'resource "aws_security_group" "nodes" {',
          '  name = "nodes"',
          '}',
          'resource "aws_iam_role_policy" "nodes" {',
          '  policy = jsonencode({ Statement = [{ Resource = [var.file_system_arn] }] })',
          '}',
          'output "group_id" {',
          '  value = aws_security_group.nodes.id',
          '}',
        ],
        'modules/files/main.tf': [
          'variable "cluster_group_id" {}',
          'resource "aws_efs_file_system" "shared" {',
          '  creation_token = "shared"',
          '}',
          'resource "aws_security_group_rule" "from_cluster" {',
          '  source_security_group_id = var.cluster_group_id',
          '}',
          'output "arn" {',
          '  value = aws_efs_file_system.shared.arn',
          '}',
        ],
      }),
    );
    const { resources } = instantiate(config, config.environments[0]!);
    const body = (address: string) =>
      JSON.stringify(resources.find((r) => r.address === address)?.body);
    // Each reads the other's resource, not an expression left unread.
    expect(body('module.cluster.aws_iam_role_policy.nodes')).toContain(
      '"address":"module.files.aws_efs_file_system.shared","attr":"arn"',
    );
    expect(body('module.files.aws_security_group_rule.from_cluster')).toContain(
      '"address":"module.cluster.aws_security_group.nodes","attr":"id"',
    );
  });
});
