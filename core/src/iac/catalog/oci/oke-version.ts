import type { TTfBuildContext } from '../service';
import { enumProp } from '../properties';
import { ref, type TTfRef } from '../../ir/terraform-ir';
import { hclValue } from '../../emit/hcl-writer';
import type { TPropertyDefinition } from '../../types';
import { compartment } from './shared';

/**
 * The Kubernetes version of an OKE cluster is a minor; the patch is OKE's newest at plan time.
 * OKE creates clusters on its three newest minors only, and patches come and go, so a pinned
 * `v1.32.1` stops creating within months ("Supported Versions of Kubernetes", OKE docs).
 */
const OKE_MINORS = ['1.36', '1.35', '1.34'] as const;

/**
 * Minors of the exact versions saved designs hold. They stay valid so such a design still
 * generates (as its own minor: the cluster it describes upgrades one minor at a time); the plan
 * then says which minors OKE offers.
 */
const SAVED_MINORS = ['1.33', '1.32', '1.31'] as const;

export const OKE_VERSION: TPropertyDefinition = {
  ...enumProp(
    'version',
    'Kubernetes version',
    [...OKE_MINORS, ...SAVED_MINORS],
    '1.35',
    'Minor version; the plan takes its newest patch OKE offers. OKE creates clusters on its three newest minors (1.34 to 1.36 in November 2026): the plan stops, listing them, when the minor is not one.',
  ),
  retired: Object.fromEntries(SAVED_MINORS.map((m) => [`v${m}.1`, m])),
};

/**
 * The exact version of the cluster and its node pools: the newest patch of the design's minor
 * among the versions OKE offers (`kubernetes_versions` of the cluster options). When it offers
 * none of that minor, `tobool` of the explanation stops the plan with it: HCL has no error
 * function, and the IR writes no `precondition`.
 */
export function okeVersion(ctx: TTfBuildContext): TTfRef {
  const options = ctx.data('oci_containerengine_cluster_option', ctx.node.local, {
    cluster_option_id: 'all',
    compartment_id: compartment(),
  });
  const versions = `${options.address}.kubernetes_versions`;
  const minor = ctx.prop('version');
  // The minor as text inside an HCL template, and as a regular expression there.
  const [text, pattern] =
    typeof minor === 'string'
      ? [minor, minor.replace(/\./g, '\\\\.')]
      : [`\${${hclValue(minor, '')}}`, `\${replace(${hclValue(minor, '')}, ".", "\\\\.")}`];
  const isOfMinor = `can(regex("^v${pattern}\\\\.[0-9]+$", v))`;
  const patches = `[for v in ${versions} : tonumber(split(".", v)[2]) if ${isOfMinor}]`;
  const missing = `"OKE offers no Kubernetes ${text} in this region; it offers %s. Choose one of those minors (a cluster upgrades one minor at a time)."`;
  return ref(
    `length(${patches}) > 0 ? "v${text}.\${max(${patches}...)}" : tobool(format(${missing}, join(", ", ${versions})))`,
  );
}
