import { describe, expect, it } from 'vitest';
import { ZPlannerState } from '@stratum/core/planner/state';
import { fixesFor } from './naming-fixes';
import { previewNames } from './naming-preview';

const plan = (naming: object, components: object[]) =>
  ZPlannerState.parse({
    v: 2,
    selectedProvider: 'azure',
    selectedServices: ['azure.storage-account', 'azure.key-vault'],
    architectureConfig: { name: 'Shop Web', region: 'westeurope', components },
    namingConvention: naming,
  });

const storage = { id: 'files', service: 'azure.storage-account', name: 'files' };

describe('naming preview and one-click fixes', () => {
  it('shows every final name per environment', () => {
    const preview = previewNames(plan({ org: 'acme', pattern: '{org}{env}{name}' }, [storage]));
    expect(preview.rows).toHaveLength(1);
    expect(preview.rows[0]?.names).toEqual({
      dev: 'acmedevfiles',
      staging: 'acmestagingfiles',
      prod: 'acmeprodfiles',
    });
    expect(preview.rows[0]?.violations).toEqual([]);
  });

  it('offers a separator the rule allows (or none), and applying it clears the violation', () => {
    const p = plan({ org: 'acme', pattern: '{org}-{env}-{name}' }, [storage]);
    const violation = previewNames(p).rows[0]?.violations.find((v) =>
      v.reason.startsWith('contains'),
    );
    expect(violation).toBeDefined();
    const [fix] = fixesFor(violation!, p);
    expect(fix?.label).toBe('Use no separator');
    const fixed = fix!.apply(p);
    expect(previewNames(fixed).rows[0]?.violations).toEqual([]);
  });

  it('adds a project for global names and shortens a long component name', () => {
    const p = plan({ pattern: '{env}{type}{name}', separator: '' }, [
      { ...storage, name: 'averyveryverylongname' },
    ]);
    const violations = previewNames(p).rows[0]?.violations ?? [];
    const global = violations.find((v) => v.reason.includes('global'));
    expect(fixesFor(global!, p)[0]?.label).toBe('Use project “shopweb” in the pattern');
    const withProject = fixesFor(global!, p)[0]!.apply(p);
    expect(withProject.namingConvention).toMatchObject({
      project: 'shopweb',
      pattern: '{project}-{env}{type}{name}',
    });
    const all = previewNames(withProject).rows[0]?.violations ?? [];
    const long = all.find((v) => v.reason.startsWith('longer'));
    const shorten = fixesFor(long!, withProject, all).find((f) => f.label.startsWith('Shorten'));
    expect(previewNames(shorten!.apply(withProject)).rows[0]?.violations).toEqual([]);
  });

  it('shows example names for the selected services while the board is empty', () => {
    const preview = previewNames(plan({ org: 'acme' }, []));
    expect(preview.isExample).toBe(true);
    expect(preview.rows.map((r) => r.serviceName)).toEqual(['Storage account (Blob)', 'Key Vault']);
  });
});
