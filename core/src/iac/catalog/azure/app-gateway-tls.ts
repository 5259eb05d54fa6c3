import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { aref, atpl, isArmExpr, type TArmValue } from '../../ir/arm-ir';
import { block, ref, tpl, type TTfBlock } from '../../ir/terraform-ir';
import { armRoleAssignments, tfRoleAssignments, tfUserIdentity } from './access';
import { armLocation, placed } from './shared';

/**
 * The Application Gateway's TLS certificate. With a data connection to a Key Vault it is read
 * from the vault by a user-assigned identity (an Application Gateway takes no system identity)
 * holding Key Vault Secrets User, and the gateway waits for that role; otherwise it comes in as
 * two secure parameters, the base64 PFX and its password.
 * learn.microsoft.com/azure/application-gateway/key-vault-certs
 */
export const AGW_IDENTITY_API = '2023-01-31';
export const AGW_CERT = 'tls';

const vaultOf = (ctx: TTfBuildContext | TArmBuildContext): TNode | undefined =>
  ctx.outgoing('data').find((e) => e.node.service.kind === 'kms')?.node;

export function tfAgwCertificate(ctx: TTfBuildContext): {
  certificate: TTfBlock;
  identity?: TTfBlock;
  dependsOn: string[];
} {
  const local = ctx.node.local;
  const vault = vaultOf(ctx);
  if (!vault) {
    const secret = (what: string, description: string) =>
      ctx.variable({
        name: `${local}_certificate_${what}`,
        type: 'string',
        description: `${description} (set TF_VAR_${local}_certificate_${what}).`,
        sensitive: true,
      });
    return {
      certificate: block({
        name: AGW_CERT,
        data: secret('pfx', `TLS certificate of ${ctx.node.name}: PFX file, base64`),
        password: secret('password', `Password of the PFX file of ${ctx.node.name}`),
      }),
      dependsOn: [],
    };
  }
  const identity = ctx.resource('azurerm_user_assigned_identity', local, {
    name: ctx.name('id', 'azure-identity'),
    ...placed(),
    tags: ctx.tags(),
  });
  const dependsOn = tfRoleAssignments(ctx, tfUserIdentity(identity.address));
  return {
    certificate: block({
      name: AGW_CERT,
      // Versionless secret id: the gateway picks up a renewed certificate by itself.
      key_vault_secret_id: tpl(
        ref(ctx.address(vault, 'azurerm_key_vault'), 'vault_uri'),
        'secrets/',
        ctx.prop('certificateName'),
      ),
    }),
    identity: block({ type: 'UserAssigned', identity_ids: [ref(identity.address, 'id')] }),
    dependsOn,
  };
}

export function armAgwCertificate(ctx: TArmBuildContext): {
  certificate: Record<string, TArmValue>;
  identity?: TArmValue;
  dependsOn: string[];
} {
  const vault = vaultOf(ctx);
  if (!vault) {
    const secret = (what: string, env: string, description: string) =>
      ctx.parameter({
        name: `${ctx.symbol(ctx.node)}Certificate${what}`,
        type: 'string',
        secure: true,
        description,
        envVar: `${ctx.node.local.toUpperCase()}_CERTIFICATE_${env}`,
      });
    return {
      certificate: {
        data: secret('Pfx', 'PFX', `TLS certificate of ${ctx.node.name}: PFX file, base64.`),
        password: secret('Password', 'PASSWORD', `Password of the PFX file of ${ctx.node.name}.`),
      },
      dependsOn: [],
    };
  }
  const identity = ctx.resource({
    symbol: ctx.symbol(ctx.node, 'Identity'),
    type: 'Microsoft.ManagedIdentity/userAssignedIdentities',
    apiVersion: AGW_IDENTITY_API,
    name: ctx.name('id', 'azure-identity'),
    body: { location: armLocation(), tags: ctx.tags() },
  });
  const dependsOn = armRoleAssignments(ctx, identity, 'properties.principalId');
  const name = ctx.prop('certificateName');
  return {
    certificate: {
      keyVaultSecretId: atpl(
        aref(ctx.symbol(vault), 'properties.vaultUri'),
        'secrets/',
        isArmExpr(name) ? name : String(ctx.value('certificateName')),
      ),
    },
    identity: {
      type: 'UserAssigned',
      userAssignedIdentities: { $: 'keyed', entries: [{ key: aref(identity, 'id'), value: {} }] },
    },
    dependsOn,
  };
}
