import { beforeAll, describe, expect, it } from 'vitest';
import { useSchemaData } from '@stratum/cli/testing/fixtures';
import { generate } from '../../iac/generate';
import type { TCloud } from '../../iac/types';
import { terraformToDesign } from './import';

/**
 * Data connections the engine writes as grants naming no target (a project role, an OCI policy
 * statement): the engine's Terraform of a small design, read back.
 */
interface TNodeSpec {
  readonly id: string;
  readonly service: string;
  readonly group?: string;
}

function roundTrip(
  cloud: TCloud,
  region: string,
  components: readonly TNodeSpec[],
  connections: readonly { from: string; to: string }[],
) {
  const design = {
    v: 2,
    name: 'grants',
    provider: cloud,
    region,
    environments: [{ name: 'dev' }],
    groups: [],
    components: components.map((c) => ({ ...c, name: c.id, properties: {} })),
    connections: connections.map((c) => ({ ...c, type: 'data' })),
  };
  const generated = generate(design, { format: 'terraform' });
  if (!generated.ok) throw new Error(generated.issues.map((i) => i.message).join('\n'));
  const out = terraformToDesign(generated.files.filter((f) => /\.(tf|tfvars)$/.test(f.path)));
  return {
    connections: out.design!.connections.map((c) => `${c.from}>${c.to}:${c.type}`),
    warnings: out.warnings.map((w) => w.message),
    terraform: generated.files.map((f) => f.content).join('\n'),
  };
}

beforeAll(() => {
  useSchemaData();
}, 120_000);

describe('grants that name no target', () => {
  it('a project role (roles/workflows.invoker) pairs the workload with the one workflow', () => {
    const back = roundTrip(
      'gcp',
      'europe-west1',
      [
        { id: 'api', service: 'gcp.cloud-run' },
        { id: 'fulfil', service: 'gcp.workflows' },
      ],
      [{ from: 'api', to: 'fulfil' }],
    );
    // What the engine writes names no workflow: only the role tells.
    expect(back.terraform).toContain('roles/workflows.invoker');
    expect(back.terraform).not.toMatch(/google_project_iam_member[^}]*google_workflows_workflow/);
    expect(back.connections).toContain('api>fulfil:data');
  });

  it('with two workflows the role could be for either: no connection, a warning naming both', () => {
    const back = roundTrip(
      'gcp',
      'europe-west1',
      [
        // A workflow is told nothing of the stores it uses (a Cloud Run service is: below).
        { id: 'api', service: 'gcp.workflows' },
        { id: 'fulfil', service: 'gcp.workflows' },
        { id: 'refunds', service: 'gcp.workflows' },
      ],
      [{ from: 'api', to: 'fulfil' }],
    );
    expect(back.connections.filter((c) => c.startsWith('api>'))).toEqual([]);
    const warning = back.warnings.find((w) => w.includes('names no resource'));
    expect(warning).toContain('google_project_iam_member.api_workflows_invoker');
    expect(warning).toContain('fulfil, refunds');
  });

  it('with two workflows, the one the service is told of is the connection', () => {
    const back = roundTrip(
      'gcp',
      'europe-west1',
      [
        { id: 'api', service: 'gcp.cloud-run' },
        { id: 'fulfil', service: 'gcp.workflows' },
        { id: 'refunds', service: 'gcp.workflows' },
      ],
      [{ from: 'api', to: 'fulfil' }],
    );
    expect(back.terraform).toContain('value = google_workflows_workflow.fulfil.id');
    expect(back.connections.filter((c) => c.startsWith('api>'))).toEqual(['api>fulfil:data']);
    expect(back.warnings.filter((w) => w.includes('names no resource'))).toEqual([]);
  });

  it('a project role named after its target pairs with that one, though another could hold it', () => {
    const back = roundTrip(
      'gcp',
      'europe-west1',
      [
        { id: 'api', service: 'gcp.cloud-run' },
        { id: 'orders', service: 'gcp.firestore' },
        { id: 'users', service: 'gcp.firestore' },
      ],
      [{ from: 'api', to: 'orders' }],
    );
    // `google_project_iam_member.api_to_orders`: the role names no database, its name does.
    expect(back.terraform).toContain('"api_to_orders"');
    expect(back.connections.filter((c) => c.startsWith('api>'))).toEqual(['api>orders:data']);
    expect(back.warnings.filter((w) => w.includes('names no resource'))).toEqual([]);
  });

  it('OCI policy statements pair the dynamic group with the stream and the log group', () => {
    const back = roundTrip(
      'oci',
      'eu-amsterdam-1',
      [
        { id: 'web-identity', service: 'oci.dynamic-group' },
        { id: 'events', service: 'oci.streaming' },
        { id: 'logs', service: 'oci.log-group' },
      ],
      [
        { from: 'web-identity', to: 'events' },
        { from: 'web-identity', to: 'logs' },
      ],
    );
    expect(back.terraform).toContain('to use stream-family in compartment');
    expect(back.connections).toEqual(
      expect.arrayContaining(['web-identity>events:data', 'web-identity>logs:data']),
    );
  });
});
