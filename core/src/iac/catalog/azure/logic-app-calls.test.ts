import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * A Logic Apps workflow calling an app of the design authenticates with its managed identity
 * when given the audience of the app's Entra registration, and the README never lets an
 * unauthenticated call pass for a protected one.
 */
const AUDIENCE = 'api://reports.contoso.com';

const design = (audience?: string) =>
  smallDesign({
    cloud: 'azure',
    components: [
      { id: 'reports', service: 'azure.app-service', name: 'reports' },
      {
        id: 'rebuild',
        service: 'azure.logic-app',
        name: 'rebuild',
        properties: { path: '/jobs/rebuild', ...(audience ? { audience } : {}) },
      },
    ],
    connections: [{ from: 'rebuild', to: 'reports', type: 'traffic' }],
  });

function built(input: unknown, format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(input, { format, layout: format === 'terraform' ? 'single' : undefined });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files;
}

function armAction(input: unknown): Record<string, unknown> {
  const file = built(input, 'arm').find((f) => f.path === 'azuredeploy.json')!.content;
  const { resources } = JSON.parse(file) as {
    resources: { type: string; properties: { definition: { actions: Record<string, unknown> } } }[];
  };
  const wf = resources.find((r) => r.type === 'Microsoft.Logic/workflows')!;
  return wf.properties.definition.actions['call_reports'] as Record<string, unknown>;
}

const readme = (input: unknown, format: 'terraform' | 'arm') =>
  built(input, format).find((f) => f.path === 'README.md')!.content;

describe('Logic Apps calls to apps of the design', () => {
  it('with an audience: a token of the managed identity (Terraform and ARM)', () => {
    const main = terraformFiles(design(AUDIENCE)).find((f) => f.path === 'main.tf')!.content;
    const action = resourceBlock(main, 'azurerm_logic_app_action_custom', 'rebuild_reports');
    expect(action).toMatch(
      /authentication = \{\n\s+type\s+= "ManagedServiceIdentity"\n\s+audience = "api:\/\/reports\.contoso\.com"\n/,
    );
    expect(armAction(design(AUDIENCE))).toMatchObject({
      inputs: { authentication: { type: 'ManagedServiceIdentity', audience: AUDIENCE } },
    });
  });

  it('without one: no credentials, and the README says the path is open', () => {
    const main = terraformFiles(design()).find((f) => f.path === 'main.tf')!.content;
    expect(main).not.toContain('authentication = {');
    expect(JSON.stringify(armAction(design()))).not.toContain('authentication');
    for (const format of ['terraform', 'arm'] as const)
      expect(readme(design(), format)).toContain(
        'The Logic Apps workflow `rebuild` calls `POST /jobs/rebuild` on the web app `reports` **without credentials**',
      );
  });

  it("with one: the README says the app must check the token, and names the workflow's principal", () => {
    expect(readme(design(AUDIENCE), 'terraform')).toContain(
      `with a token of its managed identity for \`${AUDIENCE}\``,
    );
    expect(readme(design(AUDIENCE), 'terraform')).toContain('`rebuild_principal_id`');
    expect(readme(design(AUDIENCE), 'arm')).toContain('`rebuildPrincipalId`');
  });

  it('checks against the provider schemas and ARM types', async () => {
    const all = (['terraform', 'arm', 'bicep'] as const).flatMap((format) =>
      built(design(AUDIENCE), format).map((f) => ({ ...f, path: `${format}/${f.path}` })),
    );
    expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
  });
});
