import type { TConvertFile, TUnconverted } from '../types';
import type { TExpr } from './ast';
import { Unconvertible } from './context';
import { toJson } from './json-to-arm';
import { parseBicep } from './parser';
import { collectSymbols } from './symbols';

/**
 * `.bicepparam` → an ARM parameters file (`main.bicepparam` → `main.parameters.json`), as
 * `bicep build-params` writes it. A parameters file holds values only: an expression that needs
 * the deployment (a function, another parameter) is reported unconverted; `az.getSecret()`
 * becomes a Key Vault reference.
 */
export const PARAMETERS_SCHEMA =
  'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#';

const hasExpression = (v: unknown): boolean =>
  typeof v === 'string'
    ? v.startsWith('[') && !v.startsWith('[[')
    : Array.isArray(v)
      ? v.some(hasExpression)
      : typeof v === 'object' && v !== null
        ? Object.values(v).some(hasExpression)
        : false;

const literal = (e: TExpr | undefined) =>
  e?.k === 'str' && e.parts.length === 1 ? (e.parts[0] as string) : undefined;

/**
 * `az.getSecret('sub', 'rg', 'vault', 'secret'[, 'version'])` → the parameters file's Key Vault
 * reference, as `bicep build-params` writes it (literal arguments only).
 */
function keyVaultSecret(e: TExpr): { reference: Record<string, unknown> } | undefined {
  const viaAz = e.k === 'method' && e.target.k === 'id' && e.target.name === 'az';
  if (!(viaAz || (e.k === 'call' && !e.ns)) || e.name !== 'getSecret') return undefined;
  const args = e.args.map(literal);
  if (args.length < 4 || args.length > 5 || args.some((a) => a === undefined))
    throw new Unconvertible('getSecret() needs literal subscription, group, vault and secret', e);
  const [sub, rg, vault, secretName, secretVersion] = args as string[];
  return {
    reference: {
      keyVault: {
        id: `/subscriptions/${sub}/resourceGroups/${rg}/providers/Microsoft.KeyVault/vaults/${vault}`,
      },
      secretName,
      ...(secretVersion ? { secretVersion } : {}),
    },
  };
}

export function bicepParamToArm(
  file: TConvertFile,
  files: readonly TConvertFile[],
  unconverted: TUnconverted[],
): TConvertFile {
  const program = parseBicep(file.content, file.path);
  const { symbols } = collectSymbols(program, file.path, file.content);
  const parameters: Record<string, unknown> = {};
  for (const s of program.statements) {
    try {
      if (s.kind === 'other' && s.keyword === 'using') continue;
      if (s.kind !== 'param' || !s.value)
        throw new Unconvertible('a parameters file holds `using` and `param x = value` only', s);
      const secret = keyVaultSecret(s.value);
      if (secret) {
        parameters[s.name] = secret;
        continue;
      }
      const value = toJson(s.value, { symbols, files, env: new Map() });
      if (hasExpression(value))
        throw new Unconvertible('an ARM parameters file holds values, not expressions', s.value);
      parameters[s.name] = { value };
    } catch (e) {
      if (!(e instanceof Unconvertible)) throw e;
      unconverted.push({
        file: file.path,
        line: e.at?.line ?? s.line,
        kind: 'param',
        name: 'name' in s ? s.name : '',
        reason: e.message,
        text: file.content.slice(s.start, s.end),
      });
    }
  }
  const doc = { $schema: PARAMETERS_SCHEMA, contentVersion: '1.0.0.0', parameters };
  return {
    path: file.path.replace(/\.bicepparam$/, '.parameters.json'),
    content: `${JSON.stringify(doc, null, 2)}\n`,
  };
}
