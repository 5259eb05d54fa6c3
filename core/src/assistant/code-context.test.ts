import { describe, expect, it } from 'vitest';
import { readExample } from '@stratum/cli/testing/fixtures';
import { generate } from '../iac/generate';
import { CODE_CONTEXT_LIMITS, codeContextLines, REDACTED } from './code-context';

/** An example with a sensitive variable (the database password) and per-environment tfvars. */
const example = readExample('gcp-three-tier-web-app.json');

describe('the generated code in the chat context', () => {
  it('sends the asked-about file whole and lists the others by path and size', () => {
    const result = generate(example, { format: 'terraform' });
    if (!result.ok) throw new Error(result.issues.map((i) => i.message).join('; '));
    const main = result.files.find((f) => f.path.endsWith('main.tf'));
    if (!main) throw new Error('no main.tf');
    const text = codeContextLines({ origin: 'test', files: result.files, path: main.path }).join(
      '\n',
    );
    expect(text).toContain(main.content.trimEnd());
    for (const other of result.files.filter((f) => f !== main)) {
      expect(text).toContain(`- ${other.path} (${other.content.length})`);
      if (other.content.length > 40) expect(text).not.toContain(other.content);
    }
    expect(text).not.toContain('[truncated');
  });

  it('the engine writes no value for a sensitive variable into any file', () => {
    const result = generate(example, { format: 'terraform' });
    if (!result.ok) throw new Error(result.issues.map((i) => i.message).join('; '));
    const tf = result.files.map((f) => f.content).join('\n');
    expect(tf).toMatch(/variable "db_password" \{[^}]*sensitive\s*=\s*true/);
    const tfvars = result.files.filter((f) => f.path.endsWith('.tfvars'));
    expect(tfvars.length).toBeGreaterThan(0);
    for (const f of tfvars) expect(f.content).not.toMatch(/db_password\s*=/);
  });

  it('replaces the value of a sensitive variable in tfvars and parameter files', () => {
    const files = [
      {
        path: 'variables.tf',
        content:
          'variable "db_password" {\n  type = object({\n    a = string\n  })\n  sensitive = true\n}\n\nvariable "size" {\n  type = string\n}\n\nvariable "db_login" {\n  sensitive = true\n}\n\nvariable "key_pem" {\n  sensitive = true\n}\n',
      },
      {
        path: 'env/prod.tfvars',
        content:
          'size = "large"\ndb_password = "hunter2"\ndb_login = {\n  user = "admin"\n  pass = "s3cr3t"\n}\nkey_pem = <<EOT\nPRIVATE-KEY-TEXT\nEOT\nzone = "b"\n',
      },
      {
        path: 'main.bicep',
        content: "@secure()\n@description('x')\nparam adminKey string\nparam sku string\n",
      },
      {
        path: 'main.parameters.json',
        content: JSON.stringify({
          parameters: { adminKey: { value: 'k3y-value' }, sku: { value: 'S1' } },
        }),
      },
    ];
    const tfvars = codeContextLines({ origin: 't', files, path: 'env/prod.tfvars' }).join('\n');
    expect(tfvars).not.toContain('hunter2');
    expect(tfvars).toContain(`db_password = "${REDACTED}"`);
    expect(tfvars).toContain('size = "large"');
    for (const secret of ['s3cr3t', 'admin', 'PRIVATE-KEY-TEXT'])
      expect(tfvars).not.toContain(secret);
    expect(tfvars).toContain(`db_login = "${REDACTED}"\nkey_pem = "${REDACTED}"\nzone = "b"`);
    const params = codeContextLines({ origin: 't', files, path: 'main.parameters.json' }).join(
      '\n',
    );
    expect(params).not.toContain('k3y-value');
    expect(params).toContain('"S1"');
  });

  it('cuts a huge file at a line end and says so', () => {
    const line = 'resource "x" "y" {}\n';
    const content = line.repeat(Math.ceil((CODE_CONTEXT_LIMITS.fileChars * 2) / line.length));
    const text = codeContextLines({
      origin: 't',
      files: [{ path: 'main.tf', content }],
      path: 'main.tf',
    }).join('\n');
    expect(text.length).toBeLessThan(CODE_CONTEXT_LIMITS.fileChars + 1000);
    expect(text).toMatch(/\[truncated: only the first \d+ of \d+ lines/);
    expect(text).toContain(`${line}[truncated`);
  });

  it('says when the asked-about file is not among the generated ones', () => {
    const text = codeContextLines({
      origin: 't',
      files: [{ path: 'main.tf', content: '' }],
      path: 'gone.tf',
    }).join('\n');
    expect(text).toContain('gone.tf, which is not among the generated files');
  });
});
