import { defineService, type TServiceDefinition, type TTfBuildContext } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { block, call, ref } from '../../ir/terraform-ir';
import { cdnOrigin, hasNetwork, primaryRef, subnetIds, vpcId } from './shared';
import { ownSecurityGroup } from './security-groups';
import { cdnDomains } from './cloudfront-domain';
import {
  environmentDomain,
  hostIn,
  PUBLIC_ZONE_WHY,
  ZONE_DOMAIN_HINT,
} from '../environment-domain';
import { refuseUnservedTargets } from '../lb-targets';
import { accessLogBucket } from './lb-logs';
import {
  certificateArnProp,
  endsTls,
  forwardingPort,
  HTTPS_PORT,
  lbServerName,
  listenerCertificate,
  nlbProtocolProp,
  TLS_POLICY,
} from './lb-tls';
import { BuildError } from '../../build/terraform-build';

/** AWS edge networking: load balancers, Route 53, CloudFront (the site-to-site VPN is in vpn.ts). */
function loadBalancer(type: 'application' | 'network'): TServiceDefinition {
  const isAlb = type === 'application';
  return defineService({
    id: isAlb ? 'aws.alb' : 'aws.nlb',
    cloud: 'aws',
    kind: isAlb ? 'load-balancer' : 'network-load-balancer',
    name: isAlb ? 'Application Load Balancer' : 'Network Load Balancer',
    category: 'networking',
    description: isAlb
      ? 'HTTPS load balancer (TLS 1.2+, HTTP redirected, invalid headers dropped, deletion protection, access logs in an S3 bucket of its own) with a target group for its targets.'
      : 'TCP load balancer (deletion protection) with a target group and a listener for its targets; with protocol TLS it ends TLS on 443 (ACM certificate, TLS 1.3/1.2) and logs the TLS connections to an S3 bucket of its own.',
    icon: isAlb ? 'aws-alb' : 'aws-nlb',
    properties: [
      boolProp('public', 'Internet-facing', true),
      boolProp('deletionProtection', 'Deletion protection', true),
      ...(isAlb
        ? [
            numProp('listenerPort', 'HTTP port (redirects to HTTPS)', 80, 1, 65535),
            strProp('healthPath', 'Health check path', '/'),
            certificateArnProp('HTTPS'),
          ]
        : [
            nlbProtocolProp,
            numProp(
              'listenerPort',
              'Listener port (TCP)',
              80,
              1,
              65535,
              `Port of the TCP listener (1–65535); a TLS listener listens on ${HTTPS_PORT}.`,
            ),
            certificateArnProp('TLS'),
          ]),
    ],
    placement: 'subnet',
    // Clients reach an ALB on HTTPS (its HTTP port only redirects).
    port: isAlb ? HTTPS_PORT : 80,
    isNetworked: true,
    naming: { rule: 'aws-lb', abbreviation: isAlb ? 'alb' : 'nlb' },
    emits: {
      terraform: [
        'aws_lb',
        'aws_lb_target_group',
        'aws_lb_listener',
        'aws_lb_target_group_attachment',
        'aws_s3_bucket',
        'aws_s3_bucket_versioning',
        'aws_s3_bucket_lifecycle_configuration',
        'aws_s3_bucket_public_access_block',
        'aws_s3_bucket_server_side_encryption_configuration',
        'aws_s3_bucket_policy',
        'aws_acm_certificate',
        'aws_acm_certificate_validation',
        'aws_route53_record',
      ],
    },
    terraform: (ctx) => {
      const local = ctx.node.local;
      refuseUnservedTargets(
        ctx,
        isAlb
          ? ['vm', 'autoscaling-group', 'serverless-container', 'function']
          : ['vm', 'autoscaling-group', 'serverless-container'],
        isAlb
          ? 'EC2 instances, Auto Scaling groups, ECS services and Lambda functions'
          : 'EC2 instances, Auto Scaling groups and ECS services',
      );
      const groups = ownSecurityGroup(ctx, `Load balancer ${ctx.node.name}`);
      const listenerPort = ctx.value<number>('listenerPort');
      // An NLB ending TLS listens on 443 only: no plain listener lets a client bypass TLS.
      const isTls = !isAlb && ctx.value('protocol') === 'TLS';
      const publicPorts = isAlb
        ? [...new Set([HTTPS_PORT, listenerPort])]
        : [isTls ? HTTPS_PORT : listenerPort];
      if (ctx.value<boolean>('public') && behindCloudFrontOnly(ctx)) {
        // Its only clients on the internet are CloudFront distributions: it admits CloudFront's
        // origin-facing addresses on the port CloudFront connects to, so nobody reaches it
        // around the distribution (and its WAF, caching and geo rules). The list weighs 55
        // rules of the group's 60, so one port only.
        const cloudFront = ctx.data('aws_ec2_managed_prefix_list', 'cloudfront_origin_facing', {
          name: 'com.amazonaws.global.cloudfront.origin-facing',
        });
        const p = forwardingPort(ctx.node);
        ctx.resource('aws_vpc_security_group_ingress_rule', `${local}_cloudfront_${p}`, {
          security_group_id: groups[0]!,
          description: 'CloudFront origin-facing addresses',
          ip_protocol: 'tcp',
          from_port: p,
          to_port: p,
          prefix_list_id: ref(cloudFront.address, 'id'),
        });
      } else if (ctx.value<boolean>('public')) {
        for (const p of publicPorts) {
          ctx.resource('aws_vpc_security_group_ingress_rule', `${local}_public_${p}`, {
            security_group_id: groups[0]!,
            description: 'Public listener',
            ip_protocol: 'tcp',
            from_port: p,
            to_port: p,
            cidr_ipv4: '0.0.0.0/0',
          });
        }
      }
      // An NLB writes access logs for TLS listeners only: with TCP the bucket would stay empty.
      const logs = isAlb || isTls ? accessLogBucket(ctx, isAlb) : undefined;
      const lb = ctx.resource(
        'aws_lb',
        local,
        {
          name: ctx.name(),
          internal: !ctx.value<boolean>('public'),
          load_balancer_type: type,
          // Requests with malformed header names are dropped, not forwarded (desync and smuggling
          // attempts); policy aws-alb-drop-invalid-headers.
          ...(isAlb ? { drop_invalid_header_fields: true } : {}),
          // A destroy or a replacement is refused unless the environment turns it off (Security
          // Hub ELB.6, Checkov CKV_AWS_150).
          enable_deletion_protection: ctx.prop('deletionProtection'),
          security_groups: groups,
          subnets: subnetIds(ctx),
          tags: ctx.tags(),
          // Every request (an NLB: every TLS connection) to S3 (Security Hub ELB.5, CKV_AWS_91).
          ...(logs
            ? { access_logs: block({ bucket: ref(logs.bucket.address, 'id'), enabled: true }) }
            : {}),
        },
        // ELB checks it may write to the bucket when logging is turned on.
        logs ? [logs.policy.address] : [],
      );
      const targets = ctx.outgoing('traffic');
      const kinds = new Set(targets.map((t) => t.node.service.kind));
      const targetType = kinds.has('function')
        ? 'lambda'
        : kinds.has('serverless-container')
          ? 'ip'
          : 'instance';
      const port = targets[0] ? ctx.portOf(targets[0], targets[0].node) : 80;
      const tg = ctx.resource('aws_lb_target_group', local, {
        target_type: targetType,
        ...(targetType === 'lambda'
          ? {}
          : { port, protocol: isAlb ? 'HTTP' : 'TCP', vpc_id: vpcId(ctx) }),
        tags: ctx.tags(),
        ...(isAlb && targetType !== 'lambda'
          ? { health_check: block({ path: ctx.prop('healthPath'), matcher: '200-399' }) }
          : {}),
      });
      const forward = block({ type: 'forward', target_group_arn: ref(tg.address, 'arn') });
      if (isAlb) {
        // HTTPS with a TLS 1.3/1.2 policy; plain HTTP only redirects (policy aws-alb-https-only).
        ctx.resource('aws_lb_listener', local, {
          load_balancer_arn: ref(lb.address, 'arn'),
          port: HTTPS_PORT,
          protocol: 'HTTPS',
          ssl_policy: TLS_POLICY,
          certificate_arn: listenerCertificate(ctx, 'HTTPS'),
          tags: ctx.tags(),
          default_action: forward,
        });
        ctx.resource('aws_lb_listener', `${local}_http`, {
          load_balancer_arn: ref(lb.address, 'arn'),
          port: listenerPort,
          protocol: 'HTTP',
          tags: ctx.tags(),
          default_action: block({
            type: 'redirect',
            redirect: block({
              port: String(HTTPS_PORT),
              protocol: 'HTTPS',
              status_code: 'HTTP_301',
            }),
          }),
        });
      } else if (isTls) {
        // TLS ends here with the same policy as an ALB's (unset, TLS listeners take
        // ELBSecurityPolicy-2016-08, which still accepts TLS 1.0); the targets get TCP.
        ctx.resource('aws_lb_listener', local, {
          load_balancer_arn: ref(lb.address, 'arn'),
          port: HTTPS_PORT,
          protocol: 'TLS',
          ssl_policy: TLS_POLICY,
          certificate_arn: listenerCertificate(ctx, 'TLS'),
          tags: ctx.tags(),
          default_action: forward,
        });
      } else {
        ctx.resource('aws_lb_listener', local, {
          load_balancer_arn: ref(lb.address, 'arn'),
          port: listenerPort,
          protocol: 'TCP',
          tags: ctx.tags(),
          default_action: forward,
        });
      }
      for (const t of targets) {
        const kind = t.node.service.kind;
        if (kind === 'vm') {
          ctx.resource('aws_lb_target_group_attachment', `${local}_${t.node.local}`, {
            target_group_arn: ref(tg.address, 'arn'),
            target_id: ref(ctx.address(t.node, 'aws_instance'), 'id'),
            port: ctx.portOf(t, t.node),
          });
        } else if (kind === 'function') {
          const permission = ctx.resource('aws_lambda_permission', `${local}_${t.node.local}`, {
            statement_id: 'AllowExecutionFromLoadBalancer',
            action: 'lambda:InvokeFunction',
            function_name: ref(ctx.address(t.node, 'aws_lambda_function'), 'function_name'),
            principal: 'elasticloadbalancing.amazonaws.com',
            source_arn: ref(tg.address, 'arn'),
          });
          ctx.resource(
            'aws_lb_target_group_attachment',
            `${local}_${t.node.local}`,
            {
              target_group_arn: ref(tg.address, 'arn'),
              target_id: ref(ctx.address(t.node, 'aws_lambda_function'), 'arn'),
            },
            [permission.address],
          );
        }
        // Auto Scaling groups and ECS services register themselves (target_group_arns, load_balancer).
      }
      ctx.output('dns_name', `DNS name of ${ctx.node.name}`, ref(lb.address, 'dns_name'));
    },
  });
}

/**
 * Whether a public load balancer's clients on the internet are CloudFront distributions only:
 * one is connected to it, and every other traffic connection comes from inside the VPC (a
 * networked component in a network, admitted by its own security group rule, or on-premises
 * through a VPN) or is its WAF. A Route 53 zone naming it, an HTTP API calling it at its public
 * name or a Route 53 health check probing it come from the internet, and keep it open to it.
 */
function behindCloudFrontOnly(ctx: TTfBuildContext): boolean {
  const sources = ctx.incoming('traffic').map((e) => e.node);
  return (
    sources.some((n) => n.service.kind === 'cdn') &&
    sources.every(
      (n) =>
        ['cdn', 'waf', 'vpn-gateway'].includes(n.service.kind) ||
        (n.service.isNetworked === true && hasNetwork(ctx, n)),
    )
  );
}

export const awsAlb = loadBalancer('application');
export const awsNlb = loadBalancer('network');

export const awsRoute53 = defineService({
  id: 'aws.route53-zone',
  cloud: 'aws',
  kind: 'dns-zone',
  name: 'Route 53 hosted zone',
  category: 'networking',
  description: 'Public DNS zone; alias records for the load balancers and CDNs it points to.',
  icon: 'aws-route53',
  properties: [strProp('domain', 'Domain name', 'example.com', ZONE_DOMAIN_HINT)],
  placement: 'none',
  naming: { rule: 'aws-dns', abbreviation: 'dns' },
  emits: { terraform: ['aws_route53_zone', 'aws_route53_record'] },
  terraform: (ctx) => {
    // Route 53 creates a zone of one name in every environment, but the parent domain delegates
    // to one of them only: each environment has a domain of its own (the last one the domain,
    // the others `<env>.<domain>`), or the other environments' names never resolve and their
    // certificates never validate.
    const domain = environmentDomain(ctx, 'domain', PUBLIC_ZONE_WHY);
    const zone = ctx.resource('aws_route53_zone', ctx.node.local, {
      name: domain,
      tags: ctx.tags(),
    });
    for (const t of ctx.outgoing('traffic')) {
      const isCdn = t.node.service.kind === 'cdn';
      // Alias records name AWS resources with a DNS name and hosted zone: these kinds have one.
      if (!isCdn && !t.node.service.kind.endsWith('load-balancer'))
        throw new BuildError(
          `DNS zone ${ctx.node.id} cannot point to ${t.node.id} (${t.node.service.name}): ` +
            'connect it to a load balancer or a CloudFront distribution in front of it',
        );
      const target = primaryRef(ctx, t.node, '');
      ctx.resource('aws_route53_record', `${ctx.node.local}_${t.node.local}`, {
        zone_id: ref(zone.address, 'zone_id'),
        name: hostIn(t.node.name, domain),
        type: 'A',
        alias: block({
          name: ref(target.address, isCdn ? 'domain_name' : 'dns_name'),
          zone_id: ref(target.address, isCdn ? 'hosted_zone_id' : 'zone_id'),
          evaluate_target_health: !isCdn,
        }),
      });
    }
    ctx.output(
      'name_servers',
      `Name servers of the zone of ${ctx.node.name}: delegate its domain to them (NS records in the parent domain)`,
      ref(zone.address, 'name_servers'),
    );
  },
});

/** Managed cache policies of CloudFront (fixed ids published by AWS). */
const CACHE_POLICIES: Readonly<Record<string, string>> = {
  CachingOptimized: '658327ea-f89d-4fab-a63d-7e88639e58f6',
  CachingDisabled: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
};

export const awsCloudFront = defineService({
  id: 'aws.cloudfront',
  cloud: 'aws',
  kind: 'cdn',
  name: 'CloudFront distribution',
  category: 'networking',
  description:
    'CDN in front of a bucket (origin access control) or a load balancer; names from Route 53 zones get an ACM certificate in us-east-1.',
  icon: 'aws-cloudfront',
  properties: [
    enumProp(
      'priceClass',
      'Price class',
      ['PriceClass_100', 'PriceClass_200', 'PriceClass_All'],
      'PriceClass_100',
    ),
    enumProp('cachePolicy', 'Cache policy', Object.keys(CACHE_POLICIES), 'CachingOptimized'),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'cdn' },
  emits: {
    terraform: [
      'aws_cloudfront_distribution',
      'aws_cloudfront_origin_access_control',
      'aws_acm_certificate',
      'aws_acm_certificate_validation',
      'aws_route53_record',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const originEdge = cdnOrigin(ctx, ctx.node)!;
    const origin = originEdge.node;
    const isBucket = origin.service.kind === 'object-storage';
    const isApi = origin.service.kind === 'api-gateway';
    if (!isBucket && !isApi && !origin.service.kind.endsWith('load-balancer'))
      throw new BuildError(
        `CDN ${ctx.node.id} cannot use ${origin.id} (${origin.service.name}) as its origin: ` +
          'connect it to a bucket, a load balancer or an API',
      );
    if (!isBucket && !isApi && origin.properties['public'] !== true)
      throw new BuildError(
        `CDN ${ctx.node.id} cannot reach ${origin.id}: CloudFront connects to its origins over the internet, and ${origin.id} is internal; make it public (it then admits CloudFront's origin-facing addresses only)`,
      );
    const oac = isBucket
      ? ctx.resource('aws_cloudfront_origin_access_control', local, {
          name: ctx.name('oac'),
          origin_access_control_origin_type: 's3',
          signing_behavior: 'always',
          signing_protocol: 'sigv4',
        })
      : undefined;
    const originBlock = isBucket
      ? block({
          domain_name: primaryRef(ctx, origin, 'bucket_regional_domain_name'),
          origin_id: origin.name,
          origin_access_control_id: ref(oac!.address, 'id'),
        })
      : isApi
        ? // An HTTP API is served over HTTPS only, at the host of its endpoint URL.
          block({
            domain_name: call('replace', primaryRef(ctx, origin, 'api_endpoint'), 'https://', ''),
            origin_id: origin.name,
            custom_origin_config: block({
              http_port: 80,
              https_port: 443,
              origin_protocol_policy: 'https-only',
              origin_ssl_protocols: ['TLSv1.2'],
            }),
          })
        : endsTls(origin)
          ? // An ALB answers HTTP with a redirect only (policy aws-alb-https-only), and a TLS NLB
            // listens on 443 only: CloudFront connects over HTTPS to the name the certificate
            // covers, as it verifies it (the load balancer's own DNS name is in no certificate).
            block({
              domain_name: lbServerName(ctx, origin),
              origin_id: origin.name,
              custom_origin_config: block({
                http_port: 80,
                https_port: HTTPS_PORT,
                origin_protocol_policy: 'https-only',
                origin_ssl_protocols: ['TLSv1.2'],
              }),
            })
          : // A TCP NLB passes the connection to its targets on its listener's port.
            block({
              domain_name: primaryRef(ctx, origin, 'dns_name'),
              origin_id: origin.name,
              custom_origin_config: block({
                http_port: forwardingPort(origin),
                https_port: 443,
                origin_protocol_policy: 'http-only',
                origin_ssl_protocols: ['TLSv1.2'],
              }),
            });
    const domains = cdnDomains(ctx);
    const dist = ctx.resource('aws_cloudfront_distribution', local, {
      enabled: true,
      is_ipv6_enabled: true,
      comment: ctx.name(),
      ...(domains ? { aliases: domains.aliases } : {}),
      price_class: ctx.prop('priceClass'),
      ...(isBucket ? { default_root_object: 'index.html' } : {}),
      tags: ctx.tags(),
      origin: originBlock,
      default_cache_behavior: block({
        target_origin_id: origin.name,
        viewer_protocol_policy: 'redirect-to-https',
        allowed_methods: isBucket
          ? ['GET', 'HEAD']
          : ['GET', 'HEAD', 'OPTIONS', 'PUT', 'POST', 'PATCH', 'DELETE'],
        cached_methods: ['GET', 'HEAD'],
        cache_policy_id:
          CACHE_POLICIES[ctx.value('cachePolicy')] ?? CACHE_POLICIES['CachingOptimized']!,
        compress: true,
      }),
      restrictions: block({ geo_restriction: block({ restriction_type: 'none' }) }),
      viewer_certificate:
        domains?.viewerCertificate ?? block({ cloudfront_default_certificate: true }),
    });
    // A bucket origin admits the distribution in its own policy (storage.ts bucketPolicy).
    ctx.output('domain_name', `Domain of ${ctx.node.name}`, ref(dist.address, 'domain_name'));
  },
});
