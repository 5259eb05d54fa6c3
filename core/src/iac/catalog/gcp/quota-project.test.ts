import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

const fileOf = (files: readonly { path: string; content: string }[], path: string) =>
  files.find((f) => f.path === path)?.content ?? '';

/** The `provider "google" { … }` block of a design in the single layout. */
const providerOf = (design: unknown) =>
  /provider "google" \{[\s\S]*?\n\}/.exec(mainTf(design))?.[0] ?? '';

const withIdentity = smallDesign({
  cloud: 'gcp',
  components: [{ id: 'users', service: 'gcp.identity-platform', name: 'users' }],
});

/** A generic Organization Policy resource: its API needs a quota project as well. */
const withOrgPolicy = smallDesign({
  cloud: 'gcp',
  components: [
    {
      id: 'policy',
      service: 'gcp.resource',
      name: 'policy',
      resource: {
        type: 'google_org_policy_policy',
        arguments: {
          name: 'projects/p/policies/iam.disableServiceAccountKeyCreation',
          parent: 'projects/p',
        },
      },
    },
  ],
});

const withoutOne = smallDesign({
  cloud: 'gcp',
  components: [{ id: 'files', service: 'gcp.cloud-storage', name: 'files' }],
});

describe('gcp: APIs that need a quota project work with user credentials', () => {
  it('has the provider bill requests to the project when Identity Platform is in the design', () => {
    const provider = providerOf(withIdentity);
    expect(provider).toMatch(/\n {2}user_project_override = true\n/);
    expect(provider).toMatch(/\n {2}billing_project\s+= var\.project_id\n/);
  });

  it('does the same for a generic resource of such an API', () => {
    expect(providerOf(withOrgPolicy)).toContain('user_project_override = true');
  });

  it('leaves the provider alone otherwise: the header asks for serviceusage.services.use', () => {
    const files = terraformFiles(withoutOne);
    expect(providerOf(withoutOne)).toContain('project = var.project_id');
    expect(providerOf(withoutOne)).not.toContain('user_project_override');
    expect(fileOf(files, 'README.md')).not.toContain('quota project');
  });

  it('has the README say why, and which permission whoever applies needs', () => {
    const readme = fileOf(terraformFiles(withIdentity), 'README.md');
    expect(readme).toContain(
      '`google_identity_platform_config` calls an API that refuses user credentials without a quota project',
    );
    expect(readme).toContain('`serviceusage.services.use` on the project');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(withIdentity))).toEqual([]);
  });
});
