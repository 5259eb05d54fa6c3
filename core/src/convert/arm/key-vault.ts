import { callOf, type TArmNode } from './expr';
import { pointer } from './json-lines';
import type { TDecompileScope } from './to-bicep-expr';
import { matchResource } from './to-bicep-match';
import { DecompileError, exprOf, nodeOf, valueOf } from './to-bicep-value';

/**
 * A module parameter given as an ARM Key Vault reference → `kv.getSecret('name')`, as
 * `bicep decompile` writes it: the vault is the template's own Key Vault resource when the id
 * names one, else an `existing` declaration (with its resource group) written before the module.
 */
type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The API version of the `existing` Key Vault declarations written here. */
export const KEY_VAULT_API = '2023-07-01';
const VAULT_TYPE = 'microsoft.keyvault/vaults';
const LITERAL_ID =
  /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Microsoft\.KeyVault\/vaults\/([^/]+)$/i;

export function keyVaultSecret(
  v: TJson,
  scope: TDecompileScope,
  at: string,
  symbol: string,
): { decl?: string; expr: string } {
  const ref = v['reference'];
  const refAt = pointer(at, 'reference');
  const vault = isObject(ref) ? ref['keyVault'] : undefined;
  const id = isObject(vault) ? vault['id'] : undefined;
  if (!isObject(ref) || typeof id !== 'string' || ref['secretName'] === undefined)
    throw new DecompileError('a Key Vault reference needs keyVault.id and secretName', refAt);
  const idAt = pointer(pointer(refAt, 'keyVault'), 'id');
  const args = [valueOf(ref['secretName'], scope, pointer(refAt, 'secretName'), '')];
  if (ref['secretVersion'] !== undefined)
    args.push(valueOf(ref['secretVersion'], scope, pointer(refAt, 'secretVersion'), ''));
  const node = nodeOf(id, idAt);
  const own = matchResource(node, scope);
  if (own && own.type === VAULT_TYPE && !own.copyName) {
    scope.used.add(own.symbol);
    return { expr: `${own.symbol}.getSecret(${args.join(', ')})` };
  }
  const vaultOf = (name: string, scopeArgs: string[]) => ({
    decl: [
      `resource ${symbol} 'Microsoft.KeyVault/vaults@${KEY_VAULT_API}' existing = {`,
      `  name: ${name}`,
      ...(scopeArgs.length > 0 ? [`  scope: resourceGroup(${scopeArgs.join(', ')})`] : []),
      '}',
    ].join('\n'),
    expr: `${symbol}.getSecret(${args.join(', ')})`,
  });
  const literal = node.k === 'str' ? LITERAL_ID.exec(node.value) : null;
  if (literal) return vaultOf(`'${literal[3]}'`, [`'${literal[1]}'`, `'${literal[2]}'`]);
  const rid = callOf(node, 'resourceId');
  const typeAt = rid?.args.findIndex((a) => a.k === 'str' && a.value.toLowerCase() === VAULT_TYPE);
  if (rid && typeAt !== undefined && typeAt >= 0 && typeAt === rid.args.length - 2) {
    const text = (n: TArmNode) => exprOf(n, scope, idAt);
    return vaultOf(text(rid.args[typeAt + 1]!), rid.args.slice(0, typeAt).map(text));
  }
  throw new DecompileError(`the Key Vault id ${id} is not converted`, idAt);
}
