import { describe, expect, it } from 'vitest';
import { exampleFiles, readExample } from '@stratum/cli/testing/fixtures';
import { generate } from '../generate';
import type { TFormat } from './emitter';
import { formatsOf } from '../testing/formats';

/**
 * Issue 10, "Duplicated Bicep/ARM parameters": a value the user sets per environment has one
 * parameter, and a Bicep module asks once for a resource of another module (its name), not once
 * per attribute.
 */
interface TExample {
  readonly provider: string;
  readonly environments: readonly {
    readonly name: string;
    readonly overrides?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  }[];
}

// Examples written in Bicep and ARM (generic azurerm components are Terraform-only).
const azure = exampleFiles().filter((f) =>
  formatsOf(readExample(f) as TExample & { components?: { service: string }[] }).includes('arm'),
);

function files(file: string, format: TFormat, layout?: string): ReadonlyMap<string, string> {
  const r = generate(readExample(file), { format, ...(layout ? { layout } : {}) });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return new Map(r.files.map((f) => [f.path, f.content]));
}

const bicepParams = (text: string) => [...text.matchAll(/^param (\w+)/gm)].map((m) => m[1]!);

/** Per-environment values: what the parameters file sets, less the environment's own name. */
const perEnvParams = (text: string) =>
  bicepParams(text).filter(
    (p) => p !== 'environment' && !text.includes(`param ${p} = readEnvironmentVariable`),
  );

describe.each(azure)('%s', (file) => {
  const design = readExample(file) as TExample & {
    components: { id: string; service: string }[];
  };
  const overridden = new Set(
    design.environments.flatMap((e) =>
      Object.entries(e.overrides ?? {}).flatMap(([node, props]) =>
        Object.keys(props).map((k) => `${node}.${k}`),
      ),
    ),
  );
  // A public DNS zone's domain differs between environments by itself (environment-domain.ts).
  if (design.environments.length > 1)
    for (const c of design.components)
      if (c.service === 'azure.dns-zone') overridden.add(`${c.id}.domain`);

  it.each(['single', 'modules'])('bicep %s: every file declares a parameter once', (layout) => {
    for (const [path, text] of files(file, 'bicep', layout)) {
      if (!path.endsWith('.bicep') && !path.endsWith('.bicepparam')) continue;
      const names = bicepParams(text);
      expect(names, path).toEqual([...new Set(names)]);
    }
  });

  it('bicep: one parameter per property that differs between environments', () => {
    const out = files(file, 'bicep', 'single');
    for (const env of design.environments) {
      expect(perEnvParams(out.get(`main.${env.name}.bicepparam`)!)).toHaveLength(overridden.size);
    }
  });

  it('arm: one parameter per property that differs between environments', () => {
    const out = files(file, 'arm');
    for (const env of design.environments) {
      const doc = JSON.parse(out.get(`azuredeploy.parameters.${env.name}.json`)!) as {
        parameters: Record<string, unknown>;
      };
      const names = Object.keys(doc.parameters).filter((p) => p !== 'environment');
      expect(names).toHaveLength(overridden.size);
    }
  });

  it('bicep modules: a resource of another module comes in by name only', () => {
    for (const [path, text] of files(file, 'bicep', 'modules')) {
      if (!path.startsWith('modules/')) continue;
      const names = bicepParams(text);
      const both = names.filter((p) => p.endsWith('Id') && names.includes(`${p.slice(0, -2)}Name`));
      expect(both, path).toEqual([]);
    }
  });
});
