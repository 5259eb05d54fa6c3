import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleFiles, readExample, REPO_ROOT } from '@stratum/cli/testing/fixtures';
import { servicesOf } from '../registry';
import { smallDesign, terraformFiles } from '../../testing/small-design';
import { apisOfType, GCP_SERVICE_AGENTS, gcpPrerequisites } from './apis';

/** The builders' sources: every Terraform type and service agent they can write is named there. */
const SOURCE_DIR = join(REPO_ROOT, 'core/src/iac/catalog/gcp');
const sources = readdirSync(SOURCE_DIR)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => readFileSync(join(SOURCE_DIR, f), 'utf8'))
  .join('\n');

/** `resource "type"` and `data "type"` blocks of generated Terraform. */
const declaredTypes = (files: readonly { path: string; content: string }[]) =>
  files.flatMap((f) =>
    [...f.content.matchAll(/^(?:resource|data) "(google_\w+)"/gm)].map((m) => m[1]!),
  );

const readmeOf = (design: unknown) =>
  terraformFiles(design).find((f) => f.path === 'README.md')?.content ?? '';

/** The APIs of every `gcloud services enable` command of a README, per command. */
const enableCommands = (readme: string) =>
  [...readme.matchAll(/gcloud services enable [^\n]*\\\n((?: {2}\S+(?: \\)?\n)+)/g)].map((m) =>
    m[1]!.split('\n').flatMap((l) => (l.trim() ? [l.replace(/\\$/, '').trim()] : [])),
  );

describe('gcp: the APIs of the emitted types', () => {
  it('knows the API of every type a Google Cloud builder declares it emits', () => {
    const types = servicesOf('gcp')
      .filter((s) => s.kind !== 'resource')
      .flatMap((s) => s.emits.terraform ?? []);
    expect(types.filter((t) => apisOfType(t) === undefined)).toEqual([]);
  });

  it('knows the API of every type the builders name, companions and data sources included', () => {
    const named = [...new Set(sources.match(/(?<=['"`])google_[a-z0-9_]+(?=['"`])/g) ?? [])];
    expect(named.length).toBeGreaterThan(80);
    expect(named.filter((t) => apisOfType(t) === undefined)).toEqual([]);
  });

  it('knows the API of every type the examples declare', () => {
    const types = exampleFiles()
      .filter((f) => f.startsWith('gcp-'))
      .flatMap((f) => declaredTypes(terraformFiles(readExample(f))));
    expect(types.filter((t) => apisOfType(t) === undefined)).toEqual([]);
  });

  it('knows the service of every agent the builders grant roles to', () => {
    const agents = [...new Set(sources.match(/gcp-sa-[a-z0-9-]+(?=\.iam\.gserviceaccount\.com)/g))];
    expect(agents.length).toBeGreaterThan(4);
    expect(agents.filter((a) => GCP_SERVICE_AGENTS[a] === undefined)).toEqual([]);
  });

  it('names the types it does not know (generic resources) instead of guessing', () => {
    expect(
      gcpPrerequisites([
        { type: 'google_compute_network', body: {} },
        { type: 'google_vertex_ai_dataset', body: {} },
      ]),
    ).toEqual({
      apis: ['compute.googleapis.com'],
      unknownTypes: ['google_vertex_ai_dataset'],
      agents: [],
    });
  });
});

describe('gcp: the README says what a new project needs before the first apply', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'api', service: 'gcp.cloud-run', name: 'api' },
      { id: 'ledger', service: 'gcp.spanner', name: 'ledger' },
      { id: 'key', service: 'gcp.cloud-kms', name: 'ledger' },
    ],
    connections: [
      { from: 'api', to: 'ledger', type: 'data' },
      { from: 'ledger', to: 'key', type: 'data' },
    ],
  });
  const readme = readmeOf(design);

  it('enables exactly the APIs of the declared types, in one command', () => {
    const types = declaredTypes(terraformFiles(design));
    const expected = [...new Set(types.flatMap((t) => apisOfType(t) ?? []))].sort();
    expect(enableCommands(readme)).toEqual([expected]);
    expect(expected).toEqual([
      'cloudkms.googleapis.com',
      'cloudresourcemanager.googleapis.com',
      'compute.googleapis.com',
      'iam.googleapis.com',
      'run.googleapis.com',
      'spanner.googleapis.com',
    ]);
  });

  it('creates the service agents the code grants roles to, before the grants', () => {
    expect(readme).toContain(
      'gcloud beta services identity create --service=spanner.googleapis.com --project="$TF_VAR_project_id"',
    );
    expect(readme.match(/services identity create/g)).toHaveLength(1);
    expect(readme.indexOf('## Before the first apply')).toBeLessThan(readme.indexOf('## Use'));
  });

  it('splits more than 20 APIs into commands of 20 (what Service Usage takes at once)', () => {
    const many = smallDesign({
      cloud: 'gcp',
      components: [
        ['gke', 'gcp.gke', 'sn-0'],
        ['fn', 'gcp.cloud-function'],
        ['db', 'gcp.cloud-sql-postgres', 'sn-1'],
        ['cache', 'gcp.memorystore-redis', 'sn-1'],
        ['files', 'gcp.filestore', 'net'],
        ['docs', 'gcp.firestore'],
        ['ledger', 'gcp.spanner'],
        ['clicks', 'gcp.bigtable'],
        ['dw', 'gcp.bigquery'],
        ['flow', 'gcp.workflows'],
        ['tasks', 'gcp.cloud-tasks'],
        ['zone', 'gcp.cloud-dns'],
        ['users', 'gcp.identity-platform'],
        ['logs', 'gcp.log-bucket'],
        ['secret', 'gcp.secret-manager'],
        ['images', 'gcp.artifact-registry'],
      ].map(([id, service, group]) => ({ id, service, name: id, ...(group ? { group } : {}) })),
    });
    const commands = enableCommands(readmeOf(many));
    expect(commands.map((c) => c.length)).toEqual([20, expect.any(Number)]);
    const expected = [
      ...new Set(declaredTypes(terraformFiles(many)).flatMap((t) => apisOfType(t) ?? [])),
    ];
    expect(commands.flat().sort()).toEqual(expected.sort());
  });

  it('enables the Eventarc Publishing API that a message bus is published to through', () => {
    const bus = smallDesign({
      cloud: 'gcp',
      components: [
        { id: 'fn', service: 'gcp.cloud-function', name: 'fn' },
        { id: 'bus', service: 'gcp.eventarc-bus', name: 'orders' },
      ],
      connections: [{ from: 'fn', to: 'bus', type: 'data' }],
    });
    const apis = enableCommands(readmeOf(bus)).flat();
    expect(apis).toContain('eventarc.googleapis.com');
    expect(apis).toContain('eventarcpublishing.googleapis.com');
  });

  it('is written for Google Cloud only', () => {
    const aws = smallDesign({
      cloud: 'aws',
      components: [{ id: 'q', service: 'aws.sqs', name: 'jobs' }],
    });
    expect(readmeOf(aws)).not.toContain('Before the first apply');
  });
});
