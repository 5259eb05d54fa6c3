import type { TStatement } from './ast';
import { Unconvertible, type TExtension } from './context';

/**
 * Bicep `extension` declarations → ARM `imports`, as `bicep build` writes them without
 * experimental features (Azure/bicep, src/Bicep.Core/Emit/TemplateWriter.cs, `EmitProviders`):
 * `"imports": { "<alias>": { "provider": "Kubernetes", "version": "1.0.0", "config": {…} } }`,
 * and each resource of the extension `"import": "<alias>"`, its type with the version
 * (`core/Namespace@v1`) and its body under `properties`. Syntax:
 * https://learn.microsoft.com/azure/azure-resource-manager/bicep/bicep-extensibility-kubernetes-provider
 * and https://learn.microsoft.com/graph/templates/bicep/quickstart-create-bicep-interactive-mode.
 * The provider name and version come from the extension's type package (its index `settings`):
 * Kubernetes 1.0.0 (Bicep's built-in), MicrosoftGraph with the package's version
 * (msgraph-bicep-types, generated/…/v1.0/1.0.0/index.json); an alias set in bicepconfig.json
 * (`microsoftGraphV1`) is taken for the 1.0.0 package.
 */
const GRAPH_REGISTRY =
  /^br:mcr\.microsoft\.com\/bicep\/extensions\/microsoftgraph\/(v1\.0|beta):(.+)$/i;
const GRAPH_ALIASES = /^microsoftGraph(V1|Beta)?$/i;

export function extensionOf(s: TStatement & { kind: 'extension' }): TExtension {
  const spec = s.name.replace(/@.*$/, '');
  const graph = GRAPH_REGISTRY.exec(s.name);
  const known =
    spec.toLowerCase() === 'kubernetes'
      ? { provider: 'Kubernetes', version: '1.0.0', alias: 'kubernetes' }
      : graph
        ? { provider: 'MicrosoftGraph', version: graph[2]!, alias: undefined }
        : GRAPH_ALIASES.test(spec)
          ? { provider: 'MicrosoftGraph', version: '1.0.0', alias: spec }
          : undefined;
  if (!known)
    throw new Unconvertible(
      `extension ${s.name}: its ARM provider name and version come from its type package, which is not known here (Kubernetes and Microsoft Graph are)`,
      s,
    );
  const alias = s.alias ?? known.alias;
  if (!alias) throw new Unconvertible(`extension ${s.name} needs an alias (as name)`, s);
  return {
    alias,
    provider: known.provider,
    version: known.version,
    ...(s.config ? { config: s.config } : {}),
    at: s,
  };
}

/** The extension a resource type belongs to: Microsoft Graph's, or Kubernetes' (`apps/Deployment`). */
export function extensionFor(
  fullType: string,
  extensions: ReadonlyMap<string, TExtension>,
): TExtension | undefined {
  const provider = /^Microsoft\.Graph\//i.test(fullType)
    ? 'MicrosoftGraph'
    : fullType.split('/')[0]!.includes('.')
      ? undefined
      : 'Kubernetes';
  return provider ? [...extensions.values()].find((e) => e.provider === provider) : undefined;
}
