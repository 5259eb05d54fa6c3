import { pointer } from './json-lines';
import { identifier } from './names';
import type { TDecompileScope } from './to-bicep-expr';
import { DecompileError, valueOf } from './to-bicep-value';

/**
 * ARM `imports` (and the `extensions` experimental templates write) → Bicep `extension`
 * declarations, the reverse of core/src/convert/bicep/extensions.ts: Kubernetes →
 * `extension kubernetes with { … } as k8s`, Microsoft Graph → `extension microsoftGraphV1` or
 * its registry reference with the version.
 */
type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function extensionTexts(
  t: TJson,
  scope: TDecompileScope,
  at: string,
  fail: (alias: string, e: DecompileError, value: unknown) => void,
): string[] {
  const section = isObject(t['imports']) ? 'imports' : 'extensions';
  const out: string[] = [];
  for (const [alias, x] of Object.entries(isObject(t[section]) ? t[section] : {})) {
    const p = pointer(pointer(at, section), alias);
    try {
      if (!isObject(x)) throw new DecompileError('an import must be an object', p);
      const provider = String(x['provider'] ?? x['name']);
      const version = String(x['version']);
      const name = identifier(alias);
      const as = (own: string) => (name === own ? '' : ` as ${name}`);
      // The experimental `extensions` form writes each setting as `{ type, defaultValue }`.
      const config = isObject(x['config'])
        ? Object.fromEntries(
            Object.entries(x['config']).map(([k, v]) => [
              k,
              isObject(v) && 'defaultValue' in v ? v['defaultValue'] : v,
            ]),
          )
        : undefined;
      const withConfig = config ? ` with ${valueOf(config, scope, pointer(p, 'config'), '')}` : '';
      if (provider === 'Kubernetes')
        out.push(`extension kubernetes${withConfig}${as('kubernetes')}`);
      else if (
        provider === 'MicrosoftGraph' &&
        /^microsoftGraph(V1|Beta)?$/.test(name) &&
        version === '1.0.0'
      )
        out.push(`extension ${name}${withConfig}`);
      else if (provider === 'MicrosoftGraph')
        out.push(
          `extension 'br:mcr.microsoft.com/bicep/extensions/microsoftgraph/v1.0:${version}'${withConfig} as ${name}`,
        );
      else throw new DecompileError(`extension provider ${provider} is not known here`, p);
    } catch (e) {
      if (!(e instanceof DecompileError)) throw e;
      fail(alias, e, x);
    }
  }
  return out;
}
