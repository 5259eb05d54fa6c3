import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { aref, type TArmValue } from '../../ir/arm-ir';
import { block, ref, type TTfBody } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';

/**
 * Origins that receive traffic only from Azure Front Door accept nothing else, so nobody skips
 * Front Door (and its WAF) by calling the origin's own host name:
 * - App Service and function apps admit the `AzureFrontDoor.Backend` service tag with the
 *   profile's id in `X-Azure-FDID` (other customers' Front Doors share that tag) and deny the
 *   rest (learn.microsoft.com/azure/app-service/app-service-ip-restrictions#restrict-access-to-a-specific-azure-front-door-instance).
 * - Container Apps ingress filters on CIDR ranges only, with no service tag and no header
 *   match, so the environment turns public network access off and Front Door (Premium) reaches
 *   it over Private Link (learn.microsoft.com/azure/container-apps/how-to-integrate-with-azure-front-door).
 */
export const STANDARD_SKU = 'Standard_AzureFrontDoor';
export const PREMIUM_SKU = 'Premium_AzureFrontDoor';
export const FRONT_DOOR_TAG = 'AzureFrontDoor.Backend';

const isFrontDoor = (n: TNode): boolean => n.service.id === 'azure.front-door';

/** Front Doors that send `node` traffic (a traffic or data connection, as front-door.ts reads them). */
export function frontDoorsOf(ctx: TTfBuildContext | TArmBuildContext, node: TNode): TNode[] {
  return ctx
    .edgesOf(node, 'in')
    .filter((e) => e.connection.type !== 'placement')
    .map((e) => e.node)
    .filter(isFrontDoor);
}

/** Whether these callers (the other ends of a node's traffic and data connections) are Front Doors. */
export const areFrontDoors = (callers: readonly TNode[]): boolean =>
  callers.length > 0 && callers.every(isFrontDoor);

/** Whether every caller of `node` is a Front Door: then it is closed to everyone else. */
export function isFrontDoorOnly(ctx: TTfBuildContext | TArmBuildContext, node: TNode): boolean {
  return areFrontDoors(
    ctx
      .edgesOf(node, 'in')
      .filter((e) => e.connection.type !== 'placement')
      .map((e) => e.node),
  );
}

/** A container app Front Door reaches over Private Link (its environment is closed). */
export function isPrivateLinkOrigin(ctx: TTfBuildContext | TArmBuildContext, node: TNode): boolean {
  return node.service.kind === 'serverless-container' && isFrontDoorOnly(ctx, node);
}

/** Premium when one of the Front Door's origins is reached over Private Link (Premium only). */
export function frontDoorSku(ctx: TTfBuildContext | TArmBuildContext, door: TNode): string {
  const origins = [...ctx.outgoingOf(door, 'traffic'), ...ctx.outgoingOf(door, 'data')];
  return origins.some((e) => isPrivateLinkOrigin(ctx, e.node)) ? PREMIUM_SKU : STANDARD_SKU;
}

/** The one SKU of the Front Doors a WAF policy protects (a policy's SKU matches its profile's). */
export function wafSku(ctx: TTfBuildContext | TArmBuildContext, doors: readonly TNode[]): string {
  const skus = [...new Set(doors.map((d) => frontDoorSku(ctx, d)))];
  if (skus.length > 1)
    throw new BuildError(
      `${ctx.node.name}: the Front Doors it protects differ in tier (${skus.join(', ')}); use one WAF policy per tier`,
    );
  return skus[0] ?? STANDARD_SKU;
}

/** `site_config` arguments of a web or function app only Front Door may call. */
export function tfFrontDoorRestriction(ctx: TTfBuildContext): TTfBody {
  if (!isFrontDoorOnly(ctx, ctx.node)) return {};
  const ids = frontDoorsOf(ctx, ctx.node).map((d) =>
    ref(ctx.address(d, 'azurerm_cdn_frontdoor_profile'), 'resource_guid'),
  );
  return {
    ip_restriction_default_action: 'Deny',
    ip_restriction: block({
      name: 'front-door',
      priority: 100,
      action: 'Allow',
      service_tag: FRONT_DOOR_TAG,
      headers: block({ x_azure_fdid: ids }),
    }),
  };
}

/** The same as `siteConfig` properties. */
export function armFrontDoorRestriction(ctx: TArmBuildContext): Record<string, TArmValue> {
  if (!isFrontDoorOnly(ctx, ctx.node)) return {};
  const ids = frontDoorsOf(ctx, ctx.node).map((d) =>
    aref(ctx.symbol(d, 'Profile'), 'properties.frontDoorId'),
  );
  return {
    ipSecurityRestrictionsDefaultAction: 'Deny',
    ipSecurityRestrictions: [
      {
        name: 'front-door',
        priority: 100,
        action: 'Allow',
        tag: 'ServiceTag',
        ipAddress: FRONT_DOOR_TAG,
        headers: { 'x-azure-fdid': ids },
      },
    ],
  };
}
