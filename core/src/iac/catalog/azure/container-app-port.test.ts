import { describe, expect, it } from 'vitest';
import { generate, prepareDesign } from '../../generate';
import { findService } from '../registry';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { exampleFiles, readExample } from '@stratum/cli/testing/fixtures';
import { ACA_PLACEHOLDER } from './container-placeholder';

/**
 * A container app's ingress (and its probes) goes to `containerPort`: with the placeholder
 * image, which listens on port 80, any other port fails the revision. The catalog's defaults,
 * the examples and every design the engine accepts keep the pair together.
 */
const app = (properties: Record<string, unknown>, prod: Record<string, unknown> = {}) => ({
  ...smallDesign({
    cloud: 'azure',
    components: [
      { id: 'api', service: 'azure.container-app', name: 'api', group: 'sn-0', properties },
    ],
  }),
  environments: [{ name: 'dev' }, { name: 'prod', overrides: { api: prod } }],
});

const issuesOf = (design: unknown) => {
  const r = generate(design, { format: 'terraform', layout: 'single' });
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
};

describe('a container app listens where its ingress sends traffic', () => {
  it('the catalog default is the placeholder image on the port it listens on', () => {
    const defaults = Object.fromEntries(
      findService('azure.container-app')!.properties.map((p) => [p.key, p.default]),
    );
    expect([defaults['image'], defaults['containerPort']]).toEqual([
      'mcr.microsoft.com/k8se/quickstart:latest',
      80,
    ]);
    const main = terraformFiles(app({})).find((f) => f.path === 'main.tf')!.content;
    const block = resourceBlock(main, 'azurerm_container_app', 'api');
    expect(block).toMatch(/target_port\s+= 80\n/);
    expect(block).toMatch(/image\s+= "mcr\.microsoft\.com\/k8se\/quickstart:latest"\n/);
  });

  it('no example pairs the placeholder image with another port, in any environment', () => {
    const apps = exampleFiles().flatMap((file) => {
      const prepared = prepareDesign(readExample(file));
      if (!prepared.ok) throw new Error(`${file} does not prepare`);
      const { design, resolved } = prepared;
      return resolved.nodes
        .filter((n) => n.service.id === 'azure.container-app')
        .flatMap((n) =>
          design.environments.map((e) => {
            const props = { ...n.properties, ...n.overrides[e.name] };
            return `${file} ${n.id} ${e.name}: ${String(props['image'])}:${String(props['containerPort'])}`;
          }),
        );
    });
    // Not vacuous: the serverless example has a container app.
    expect(apps.length).toBeGreaterThan(0);
    for (const a of apps)
      if (a.includes(ACA_PLACEHOLDER.image))
        expect(a.endsWith(`${ACA_PLACEHOLDER.image}:${ACA_PLACEHOLDER.port}`), a).toBe(true);
  });

  it('refuses the placeholder image on another port, naming the field and both ways out', () => {
    expect(issuesOf(app({ containerPort: 8080 }))).toEqual([
      `components[0].properties.containerPort: containerPort 8080 is not the port the placeholder image ${ACA_PLACEHOLDER.image} listens on (80), so Container Apps would fail the revision: set image to your application's image that listens on 8080, or containerPort to 80`,
    ]);
    // A port changed in one environment only is refused as well.
    expect(issuesOf(app({}, { containerPort: 3000 }))).toHaveLength(1);
  });

  it("accepts the team's own image on its own port, and the placeholder on 80", () => {
    expect(issuesOf(app({ image: 'contoso.azurecr.io/api:1.4.2', containerPort: 8080 }))).toEqual(
      [],
    );
    expect(issuesOf(app({ containerPort: 80 }))).toEqual([]);
  });
});
