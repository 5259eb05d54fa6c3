import { describe, expect, it } from 'vitest';
import { generate } from '../../iac/generate';
import type { TConvertFile } from '../types';
import { terraformToDesign } from './import';

/** A broker in one subnet in dev and two in prod (`slice(…, 0, var.broker_subnet_count)`). */
const files = (counts: { dev: number; prod: number }): TConvertFile[] => [
  {
    path: 'main.tf',
    content: [
      'provider "aws" {',
      '  region = "eu-west-1"',
      '}',
      'variable "environment" {}',
      'variable "broker_mode" {}',
      'variable "broker_subnet_count" {}',
      'resource "aws_vpc" "vpc" {',
      '  cidr_block = "10.0.0.0/16"',
      '}',
      'data "aws_availability_zones" "available" {',
      '  state = "available"',
      '}',
      // One subnet per zone: the broker's second instance takes the second zone's.
      ...['a', 'b'].flatMap((z, i) => [
        `resource "aws_subnet" "data_${z}" {`,
        '  vpc_id            = aws_vpc.vpc.id',
        `  cidr_block        = "10.0.${i + 1}.0/24"`,
        `  availability_zone = element(data.aws_availability_zones.available.names, ${i})`,
        '}',
      ]),
      'resource "aws_security_group" "broker_sg" {',
      '  name   = "events-sg"',
      '  vpc_id = aws_vpc.vpc.id',
      '}',
      'resource "aws_mq_broker" "broker" {',
      '  broker_name         = "events-${var.environment}"',
      '  engine_type         = "RabbitMQ"',
      '  engine_version      = "3.13"',
      '  host_instance_type  = "mq.m5.large"',
      '  deployment_mode     = var.broker_mode',
      '  publicly_accessible = false',
      '  subnet_ids          = slice([aws_subnet.data_a.id, aws_subnet.data_b.id], 0, var.broker_subnet_count)',
      '  security_groups     = [aws_security_group.broker_sg.id]',
      '  user {',
      '    username = "mqadmin"',
      '    password = "not-a-real-password"',
      '  }',
      '}',
    ].join('\n'),
  },
  ...(['dev', 'prod'] as const).map((env) => ({
    path: `env/${env}.tfvars`,
    content: [
      `environment         = "${env}"`,
      `broker_mode         = "${counts[env] === 1 ? 'SINGLE_INSTANCE' : 'CLUSTER_MULTI_AZ'}"`,
      `broker_subnet_count = ${counts[env]}`,
    ].join('\n'),
  })),
];

describe('placements read in every environment', () => {
  it('reads the second subnet a broker sits in only in prod (a count per environment)', () => {
    const out = terraformToDesign(files({ dev: 1, prod: 2 }));
    const design = out.design!;
    expect(design.connections).toContainEqual({ from: 'broker', to: 'data-b', type: 'placement' });
    // Written again as it was: one subnet in dev, two in prod.
    const again = generate(design, { format: 'terraform', layout: 'single' });
    const text = again.ok ? again.files.map((f) => f.content).join('\n') : '';
    expect(text).toContain(
      'slice([aws_subnet.data_a.id, aws_subnet.data_b.id], 0, var.broker_subnet_count)',
    );
    expect(text).toMatch(/environment\s+= "prod"\n[^]*broker_subnet_count\s+= 2/);
  });

  it('reads none where no environment uses the second subnet', () => {
    const design = terraformToDesign(files({ dev: 1, prod: 1 })).design!;
    expect(design.connections.filter((c) => c.type === 'placement' && c.to === 'data-b')).toEqual(
      [],
    );
  });
});
