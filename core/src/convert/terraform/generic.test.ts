import { beforeAll, describe, expect, it } from 'vitest';
import { useSchemaData } from '@stratum/cli/testing/fixtures';
import { generate } from '../../iac/generate';
import { terraformToDesign } from './import';

beforeAll(() => useSchemaData(), 120_000);

const mainTf = (files: readonly { path: string; content: string }[]) =>
  files.find((f) => f.path === 'main.tf')?.content ?? '';

describe('a generic resource read from Terraform', () => {
  it('keeps a sensitive argument set through a variable, so its variable is written again', () => {
    const out = terraformToDesign([
      {
        path: 'main.tf',
        content: [
          'provider "aws" {',
          '  region = "eu-west-1"',
          '}',
          'variable "db_url_value" {',
          '  type      = string',
          '  sensitive = true',
          '}',
          'resource "aws_ssm_parameter" "db_url" {',
          '  name  = "db-url"',
          '  type  = "SecureString"',
          '  value = var.db_url_value',
          '}',
        ].join('\n'),
      },
    ]);
    const param = out.design!.components.find((c) => c.id === 'db-url');
    // The board holds no secret: the argument is there, its value stays in the environment.
    expect(param?.resource?.arguments).toEqual({ name: 'db-url', type: 'SecureString', value: '' });
    const again = generate(out.design, { format: 'terraform', layout: 'single' });
    const text = again.ok ? mainTf(again.files) : '';
    expect(text).toMatch(/value += var\.db_url_value\n/);
    expect(text).toMatch(/variable "db_url_value" \{[^}]*sensitive += true/);
  });

  it('leaves a secret written in code out of the design', () => {
    const out = terraformToDesign([
      {
        path: 'main.tf',
        content: [
          'resource "aws_ssm_parameter" "db_url" {',
          '  name  = "db-url"',
          '  type  = "SecureString"',
          '  value = "postgres://admin:hunter2@db"',
          '}',
        ].join('\n'),
      },
    ]);
    const param = out.design!.components.find((c) => c.id === 'db-url');
    expect(JSON.stringify(param)).not.toContain('hunter2');
  });

  it('reads a jsonencode document as its JSON, references and texts around them kept, and writes it again', () => {
    const out = terraformToDesign([
      {
        path: 'main.tf',
        content: [
          'resource "aws_s3_bucket" "files" {',
          '  bucket = "files"',
          '}',
          'resource "aws_s3_bucket_policy" "files_tls" {',
          '  bucket = aws_s3_bucket.files.id',
          '  policy = jsonencode({',
          '    Version   = "2012-10-17"',
          '    Statement = [{ Effect = "Deny", Principal = "*", Action = "s3:*", Resource = [aws_s3_bucket.files.arn, "${aws_s3_bucket.files.arn}/*"] }]',
          '  })',
          '}',
        ].join('\n'),
      },
    ]);
    const policy = out.design!.components.find((c) => c.resource?.type === 'aws_s3_bucket_policy');
    expect(policy?.resource?.arguments['policy']).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Deny',
          Principal: '*',
          Action: 's3:*',
          Resource: [
            { $ref: 'files', attribute: 'arn' },
            { $ref: 'files', attribute: 'arn', suffix: '/*' },
          ],
        },
      ],
    });
    const again = generate(out.design, { format: 'terraform', layout: 'single' });
    expect(again.ok ? mainTf(again.files) : '').toMatch(
      /policy = jsonencode\(\{[\s\S]*Resource\s+= \[aws_s3_bucket\.files\.arn, "\$\{aws_s3_bucket\.files\.arn\}\/\*"\]/,
    );
  });
});
