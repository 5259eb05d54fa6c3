import { address, attr, blocks, groupByRef, ofType, refAddresses, tfHit, text } from '../query';
import { defineRule, type TPolicyHit } from '../types';
import type { TTfResource } from '../../ir/terraform-ir';

/** Layer-7 load balancers serve HTTPS; plain HTTP only redirects to it. */

export const albHttpsOnly = defineRule({
  id: 'aws-alb-https-only',
  clouds: ['aws'],
  title: 'Application load balancers serve HTTPS and redirect HTTP',
  checks:
    'Every ALB has an HTTPS listener with an ACM certificate and a TLS 1.2+ security policy; an HTTP listener only redirects to HTTPS (301).',
  severity: 'high',
  docs: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/application/create-https-listener.html',
  source: 'tfsec aws-elb-http-not-used; Checkov CKV_AWS_2, CKV_AWS_103; AWS Security Hub ELB.1',
  terraform: (resources) => {
    const listeners = groupByRef(ofType(resources, 'aws_lb_listener'), 'load_balancer_arn');
    return ofType(resources, 'aws_lb')
      .filter((lb) => attr(lb.body, 'load_balancer_type') === 'application')
      .flatMap((lb): TPolicyHit[] => {
        const own = listeners.get(address(lb)) ?? [];
        const hits = own
          .filter((l) => attr(l.body, 'protocol') === 'HTTP')
          .filter(
            (l) =>
              !blocks(l.body, 'default_action').some(
                (a) =>
                  attr(a.body, 'type') === 'redirect' &&
                  blocks(a.body, 'redirect').some((r) => attr(r.body, 'protocol') === 'HTTPS'),
              ),
          )
          .map((l) => tfHit(l, 'HTTP listener serves traffic instead of redirecting to HTTPS'));
        const https = own.filter((l) => attr(l.body, 'protocol') === 'HTTPS');
        if (https.length === 0) hits.push(tfHit(lb, 'no HTTPS listener'));
        for (const l of https) {
          if (
            !/^ELBSecurityPolicy-TLS13|^ELBSecurityPolicy-TLS-1-2/.test(text(l.body, 'ssl_policy'))
          )
            hits.push(tfHit(l, 'HTTPS listener without a TLS 1.2+ security policy'));
        }
        return hits;
      });
  },
});

/** TLS 1.2+ on a TLS listener of a Network Load Balancer, whose default policy accepts TLS 1.0. */
export const nlbTlsPolicy = defineRule({
  id: 'aws-nlb-tls-policy',
  clouds: ['aws'],
  title: 'Network load balancer TLS listeners negotiate TLS 1.2 or later',
  checks:
    'Every TLS listener (protocol "TLS") names a TLS 1.2+ security policy (ELBSecurityPolicy-TLS13-… or ELBSecurityPolicy-TLS-1-2-…); left unset it takes ELBSecurityPolicy-2016-08, which accepts TLS 1.0 and 1.1.',
  severity: 'medium',
  docs: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/network/describe-ssl-policies.html',
  source: 'Checkov CKV_AWS_103; tfsec aws-elb-use-secure-tls-policy',
  terraform: (resources) =>
    ofType(resources, 'aws_lb_listener')
      .filter((l) => attr(l.body, 'protocol') === 'TLS')
      .filter(
        (l) =>
          !/^ELBSecurityPolicy-TLS13|^ELBSecurityPolicy-TLS-1-2/.test(text(l.body, 'ssl_policy')),
      )
      .map((l) => tfHit(l, 'TLS listener without a TLS 1.2+ security policy')),
});

export const ociLbHttpsOnly = defineRule({
  id: 'oci-lb-https-only',
  clouds: ['oci'],
  title: 'OCI load balancers serve HTTPS and redirect HTTP',
  checks:
    'Every flexible load balancer has a listener with an SSL configuration (certificate and TLS 1.2+); a listener without one only redirects to HTTPS through a rule set.',
  severity: 'high',
  docs: 'https://docs.oracle.com/iaas/Content/Balance/Tasks/managingrulesets_topic-URL_Redirect_Rules.htm',
  source:
    'CIS OCI Foundations (encrypt data in transit); tfsec/Checkov HTTP-listener checks for OCI',
  terraform: (resources) => {
    const listeners = groupByRef(
      ofType(resources, 'oci_load_balancer_listener'),
      'load_balancer_id',
    );
    const redirects = ofType(resources, 'oci_load_balancer_rule_set').filter((s) =>
      blocks(s.body, 'items').some(
        (i) =>
          attr(i.body, 'action') === 'REDIRECT' &&
          blocks(i.body, 'redirect_uri').some((u) => attr(u.body, 'protocol') === 'HTTPS'),
      ),
    );
    const redirecting = new Set(redirects.map(address));
    return ofType(resources, 'oci_load_balancer_load_balancer').flatMap((lb): TPolicyHit[] => {
      const own = listeners.get(address(lb)) ?? [];
      const tls = own.filter((l) => blocks(l.body, 'ssl_configuration').length > 0);
      const hits = own
        .filter((l) => blocks(l.body, 'ssl_configuration').length === 0)
        .filter(
          (l) => !refAddresses(attr(l.body, 'rule_set_names')).some((a) => redirecting.has(a)),
        )
        .map((l) => tfHit(l, 'plain HTTP listener serves traffic instead of redirecting to HTTPS'));
      if (tls.length === 0) hits.push(tfHit(lb, 'no listener with an SSL configuration'));
      return hits;
    });
  },
});

export const gcpLbHttpsOnly = defineRule({
  id: 'gcp-lb-https-only',
  clouds: ['gcp'],
  title: 'Google Cloud Application Load Balancers serve HTTPS and redirect HTTP',
  checks:
    'A target HTTP proxy only serves a URL map that redirects to HTTPS; a target HTTPS proxy has an SSL policy with TLS 1.2 or later.',
  severity: 'high',
  docs: 'https://cloud.google.com/load-balancing/docs/https/setting-up-http-https-redirect',
  source: 'tfsec google-compute-use-secure-tls-policy; Checkov CKV_GCP_15 (TLS policy)',
  terraform: (resources) => {
    const redirectMaps = new Set(
      ofType(resources, 'google_compute_url_map')
        .filter((m) =>
          blocks(m.body, 'default_url_redirect').some(
            (r) => attr(r.body, 'https_redirect') === true,
          ),
        )
        .map(address),
    );
    const modernPolicies = new Set(
      ofType(resources, 'google_compute_ssl_policy')
        .filter((p) => ['TLS_1_2', 'TLS_1_3'].includes(text(p.body, 'min_tls_version')))
        .map(address),
    );
    const redirects = (proxy: TTfResource): boolean =>
      refAddresses(attr(proxy.body, 'url_map')).some((a) => redirectMaps.has(a));
    const modernTls = (proxy: TTfResource): boolean =>
      refAddresses(attr(proxy.body, 'ssl_policy')).some((a) => modernPolicies.has(a));
    return [
      ...ofType(resources, 'google_compute_target_http_proxy')
        .filter((p) => !redirects(p))
        .map((p) => tfHit(p, 'HTTP proxy serves traffic instead of redirecting to HTTPS')),
      ...ofType(resources, 'google_compute_target_https_proxy')
        .filter((p) => !modernTls(p))
        .map((p) => tfHit(p, 'HTTPS proxy without a TLS 1.2+ SSL policy')),
    ];
  },
});
