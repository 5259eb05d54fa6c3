import type { TExpr } from './ast';
import { Unconvertible, type TExprContext } from './context';
import { addDependency, resourceIdExpr } from './expr-to-arm';
import { toJson } from './json-to-arm';
import { refOf } from './refs';

/**
 * `kv.getSecret('name'[, 'version'])` passed to a module's parameter: ARM's Key Vault
 * reference, `{ reference: { keyVault: { id }, secretName[, secretVersion] } }`, as
 * `bicep build` writes it. The secret is read by ARM at deployment, never put in the template.
 */
export function keyVaultReference(
  e: TExpr,
  ctx: TExprContext,
): { reference: Record<string, unknown> } | undefined {
  if (e.k !== 'method' || e.name !== 'getSecret') return undefined;
  const ref = refOf(e.target, ctx);
  if (ref?.kind !== 'resource' || ref.res.fullType.toLowerCase() !== 'microsoft.keyvault/vaults')
    throw new Unconvertible('getSecret() is converted only on a Key Vault resource', e);
  if (!e.args[0]) throw new Unconvertible('getSecret() needs the secret name', e);
  addDependency(ref, ctx);
  const id = resourceIdExpr(ref.res, { ...ctx, deps: undefined }, ref.index);
  const reference: Record<string, unknown> = {
    keyVault: { id: `[${id}]` },
    secretName: toJson(e.args[0], ctx),
  };
  if (e.args[1]) reference['secretVersion'] = toJson(e.args[1], ctx);
  return { reference };
}
