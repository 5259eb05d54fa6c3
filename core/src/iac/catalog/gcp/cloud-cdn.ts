import { defineService } from '../service';
import { BuildError } from '../../build/terraform-build';
import { enumProp, numProp } from '../properties';
import { block, ref, type TTfRef } from '../../ir/terraform-ir';
import { DOMAINS, FRONT_END_TYPES, httpsFrontEnd } from './https-front-end';
import { addressOf } from './edge';
import { serverlessNeg } from './lb-backends';
import { primaryRef } from './shared';

/** Google Cloud CDN on a global external Application Load Balancer. */

export const gcpCloudCdn = defineService({
  id: 'gcp.cloud-cdn',
  cloud: 'gcp',
  kind: 'cdn',
  name: 'Cloud CDN',
  category: 'networking',
  description:
    'Cloud CDN on a global external Application Load Balancer: a CDN-enabled backend bucket for a Cloud Storage origin, or a backend service over a serverless NEG or an internet NEG for the other origins.',
  icon: 'gcp-cloud-cdn',
  properties: [
    enumProp(
      'cacheMode',
      'Cache mode',
      ['CACHE_ALL_STATIC', 'USE_ORIGIN_HEADERS', 'FORCE_CACHE_ALL'],
      'CACHE_ALL_STATIC',
    ),
    numProp('defaultTtl', 'Default TTL (s)', 3600, 0, 31622400),
    DOMAINS,
  ],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'cdn' },
  emits: {
    terraform: [
      'google_compute_global_forwarding_rule',
      'google_compute_global_address',
      'google_compute_backend_bucket',
      'google_compute_backend_service',
      'google_compute_global_network_endpoint_group',
      'google_compute_global_network_endpoint',
      'google_compute_url_map',
      'google_compute_target_http_proxy',
      ...FRONT_END_TYPES,
      'google_storage_bucket_iam_member',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const origin = [...ctx.outgoing('traffic'), ...ctx.outgoing('data')][0]!;
    const kind = origin.node.service.kind;
    const cdnPolicy = block({
      cache_mode: ctx.prop('cacheMode'),
      default_ttl: ctx.prop('defaultTtl'),
      client_ttl: ctx.prop('defaultTtl'),
      max_ttl: 86400,
    });
    let service: TTfRef;
    if (kind === 'object-storage') {
      // Backend buckets read objects anonymously: the origin bucket must allow public reads.
      const bucket = primaryRef(ctx, origin.node, 'name');
      ctx.resource('google_storage_bucket_iam_member', `${local}_public_read`, {
        bucket,
        role: 'roles/storage.objectViewer',
        member: 'allUsers',
      });
      service = ctx.resource('google_compute_backend_bucket', local, {
        name: ctx.name('backend'),
        bucket_name: bucket,
        enable_cdn: true,
        compression_mode: 'AUTOMATIC',
        cdn_policy: cdnPolicy,
      });
    } else {
      let group = serverlessNeg(ctx, origin);
      let originPort = 80;
      if (!group) {
        // Any other origin is reached at its public address through an internet NEG.
        const address = addressOf(ctx, origin);
        if (address === undefined)
          throw new BuildError(
            `${ctx.node.name}: origin ${origin.node.name} has no public address`,
          );
        // An Application Load Balancer origin answers HTTP with a redirect: fetch over HTTPS.
        originPort = kind === 'load-balancer' ? 443 : 80;
        const neg = ctx.resource('google_compute_global_network_endpoint_group', local, {
          name: ctx.name('origin'),
          network_endpoint_type: 'INTERNET_IP_PORT',
          default_port: originPort,
        });
        ctx.resource('google_compute_global_network_endpoint', local, {
          global_network_endpoint_group: ref(neg.address, 'id'),
          ip_address: address,
          port: originPort,
        });
        group = ref(neg.address, 'id');
      }
      service = ctx.resource('google_compute_backend_service', local, {
        name: ctx.name('backend'),
        load_balancing_scheme: 'EXTERNAL_MANAGED',
        protocol: originPort === 443 ? 'HTTPS' : 'HTTP',
        enable_cdn: true,
        compression_mode: 'AUTOMATIC',
        cdn_policy: cdnPolicy,
        backend: block({ group }),
      });
    }
    const urlMap = ctx.resource('google_compute_url_map', local, {
      name: ctx.name(),
      default_service: ref(service.address, 'id'),
    });
    const address = httpsFrontEnd(ctx, ref(urlMap.address, 'id'), '80');
    ctx.output('ip_address', `IP address of ${ctx.node.name}`, ref(address.address, 'address'));
  },
});
