import { describe, expect, it } from 'vitest';
import { prepareDesign } from '../iac/generate';
import { designFromState, generatePlan, planIssues, preparePlan } from './design-from-state';
import {
  EMPTY_PLANNER_STATE,
  formatsFor,
  regionOf,
  ZPlannerState,
  type TPlannerState,
} from './state';

const site = ZPlannerState.parse({
  v: 2,
  selectedProvider: 'gcp',
  selectedServices: ['gcp.cloud-storage'],
  architectureConfig: {
    name: 'site',
    components: [{ id: 'files', service: 'gcp.cloud-storage', name: 'files' }],
    positions: { files: { x: 10, y: 20 } },
  },
  namingConvention: { org: 'acme', project: 'site' },
  fileStructureConfig: { terraform: 'single', readme: false },
});

// One suite for the browser and the server: both build their design with these functions.
describe('designFromState', () => {
  it("is the engine's design of the board, in the cloud's first region, with steps 3 and 4", () => {
    const design = designFromState(site);
    expect(design).toMatchObject({
      name: 'site',
      provider: 'gcp',
      region: 'us-central1',
      naming: { org: 'acme', project: 'site' },
      layout: { terraform: 'single', bicep: 'modules', ci: false, readme: false },
    });
    expect(design).not.toHaveProperty('positions');
    expect(prepareDesign(design).ok).toBe(true);
  });

  it('takes the CI provider and only the valid state names typed in step 4', () => {
    const state = ZPlannerState.parse({
      ...site,
      fileStructureConfig: {
        ci: true,
        ciProvider: 'gitlab',
        backend: { bucket: 'acme-state', keyPrefix: 'Not Valid' },
      },
    });
    const design = designFromState(state);
    expect(design.layout).toMatchObject({ ci: true, ciProvider: 'gitlab' });
    expect(design.layout.backend).toEqual({ bucket: 'acme-state' });
    const r = generatePlan(state, 'terraform');
    const paths = r.ok ? r.files.map((f) => f.path) : [];
    expect(paths).toContain('.gitlab-ci.yml');
    const hcl = r.ok ? r.files.find((f) => f.path === 'env/dev.backend.hcl')?.content : '';
    expect(hcl).toContain('bucket = "acme-state"');
    expect(hcl).toContain('prefix = "site/dev"');
  });

  it('falls back to the first region when the chosen one belongs to another cloud', () => {
    const state = ZPlannerState.parse({
      v: 2,
      selectedProvider: 'azure',
      architectureConfig: { region: 'eu-west-1' },
    });
    expect(regionOf(state)).toBe('eastus');
    expect(designFromState(state).region).toBe('eastus');
  });

  it('offers Bicep and ARM for Azure only', () => {
    expect(formatsFor('azure')).toEqual(['terraform', 'bicep', 'arm']);
    expect(formatsFor('oci')).toEqual(['terraform']);
  });
});

describe('planIssues and preparePlan', () => {
  const base: TPlannerState = {
    ...EMPTY_PLANNER_STATE,
    selectedProvider: 'aws',
    selectedServices: ['aws.ec2'],
  };
  const messages = (s: TPlannerState) => planIssues(s).map((i) => i.message);

  it('applies §4 step validity with the §5 texts', () => {
    expect(messages(EMPTY_PLANNER_STATE)).toEqual(['Select a cloud provider first']);
    expect(messages({ ...base, selectedServices: [] })).toEqual(['Pick at least one service']);
    expect(messages(base)).toEqual(['Add components or enable override']);
    expect(messages({ ...base, architectureOptionalOverride: true })).toEqual([]);
  });

  it('names the component and says what to change; the path stays machine data', () => {
    const state: TPlannerState = {
      ...base,
      selectedServices: ['aws.alb'],
      architectureConfig: {
        ...base.architectureConfig,
        components: [{ id: 'lb', service: 'aws.alb', name: 'front-door', properties: {} }],
      },
    };
    const prepared = preparePlan(state);
    expect(prepared.ok).toBe(false);
    const issues = prepared.ok ? [] : prepared.issues;
    const placement = issues.find((i) => i.path === 'architectureConfig.components[0].group');
    expect(placement?.message).toBe(
      'Load balancer “front-door” must be placed in a subnet: drag it into one on the architecture board',
    );
    expect(issues.map((i) => i.message).join('\n')).not.toMatch(/components\[/);
  });

  it('generates in the format asked, with the layout of step 4', () => {
    const result = generatePlan(site, 'terraform');
    expect(result.ok && result.layout).toBe('single');
    expect(result.ok && result.files.some((f) => f.path === 'README.md')).toBe(false);
    const bicep = generatePlan(site, 'bicep');
    expect(bicep.ok).toBe(false);
  });
});
