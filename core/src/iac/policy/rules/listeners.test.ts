import { describe, expect, it } from 'vitest';
import { block, ref } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import { albHttpsOnly, gcpLbHttpsOnly, nlbTlsPolicy, ociLbHttpsOnly } from './listeners';

describe('aws-alb-https-only', () => {
  const alb = tf('aws_lb', 'lb', { load_balancer_type: 'application' });
  const arn = ref('aws_lb.lb', 'arn');
  const https = tf('aws_lb_listener', 'lb', {
    load_balancer_arn: arn,
    protocol: 'HTTPS',
    ssl_policy: 'ELBSecurityPolicy-TLS13-1-2-2021-06',
    default_action: block({ type: 'forward' }),
  });

  it('flags an HTTP listener that forwards, and an ALB with no HTTPS listener', () => {
    const http = tf('aws_lb_listener', 'lb_http', {
      load_balancer_arn: arn,
      protocol: 'HTTP',
      default_action: block({ type: 'forward' }),
    });
    expect(tfAddresses(albHttpsOnly, [alb, http])).toEqual([
      'aws_lb_listener.lb_http',
      'aws_lb.lb',
    ]);
  });

  it('flags an HTTPS listener with a pre-TLS 1.2 policy', () => {
    const old = tf('aws_lb_listener', 'lb', {
      load_balancer_arn: arn,
      protocol: 'HTTPS',
      ssl_policy: 'ELBSecurityPolicy-2016-08',
    });
    expect(tfAddresses(albHttpsOnly, [alb, old])).toEqual(['aws_lb_listener.lb']);
  });

  it('passes HTTPS with a redirecting HTTP listener, and ignores network load balancers', () => {
    const redirect = tf('aws_lb_listener', 'lb_http', {
      load_balancer_arn: arn,
      protocol: 'HTTP',
      default_action: block({ type: 'redirect', redirect: block({ protocol: 'HTTPS' }) }),
    });
    const nlb = tf('aws_lb', 'nlb', { load_balancer_type: 'network' });
    const tcp = tf('aws_lb_listener', 'nlb', {
      load_balancer_arn: ref('aws_lb.nlb', 'arn'),
      protocol: 'TCP',
    });
    expect(tfAddresses(albHttpsOnly, [alb, https, redirect, nlb, tcp])).toEqual([]);
  });
});

describe('aws-nlb-tls-policy', () => {
  const tls = (name: string, policy?: string) =>
    tf('aws_lb_listener', name, {
      load_balancer_arn: ref('aws_lb.nlb', 'arn'),
      protocol: 'TLS',
      port: 443,
      ...(policy ? { ssl_policy: policy } : {}),
    });

  it('flags a TLS listener with no policy (TLS 1.0 by default) or a pre-TLS 1.2 one', () => {
    expect(
      tfAddresses(nlbTlsPolicy, [tls('unset'), tls('old', 'ELBSecurityPolicy-2016-08')]),
    ).toEqual(['aws_lb_listener.unset', 'aws_lb_listener.old']);
  });

  it('passes TLS 1.2+ policies and ignores TCP listeners', () => {
    const tcp = tf('aws_lb_listener', 'tcp', { protocol: 'TCP', port: 80 });
    expect(
      tfAddresses(nlbTlsPolicy, [
        tls('tls13', 'ELBSecurityPolicy-TLS13-1-2-2021-06'),
        tls('tls12', 'ELBSecurityPolicy-TLS-1-2-Ext-2018-06'),
        tcp,
      ]),
    ).toEqual([]);
  });
});

describe('oci-lb-https-only', () => {
  const lb = tf('oci_load_balancer_load_balancer', 'lb', {});
  const id = ref('oci_load_balancer_load_balancer.lb', 'id');
  const tls = tf('oci_load_balancer_listener', 'lb', {
    load_balancer_id: id,
    protocol: 'HTTP',
    ssl_configuration: block({ certificate_ids: ['ocid1.certificate.oc1..x'] }),
  });

  it('flags a plain HTTP listener and a load balancer without TLS', () => {
    const http = tf('oci_load_balancer_listener', 'lb_http', {
      load_balancer_id: id,
      protocol: 'HTTP',
    });
    expect(tfAddresses(ociLbHttpsOnly, [lb, http])).toEqual([
      'oci_load_balancer_listener.lb_http',
      'oci_load_balancer_load_balancer.lb',
    ]);
  });

  it('passes a TLS listener with an HTTP listener that redirects through a rule set', () => {
    const rules = tf('oci_load_balancer_rule_set', 'redirect', {
      load_balancer_id: id,
      items: block({ action: 'REDIRECT', redirect_uri: block({ protocol: 'HTTPS', port: 443 }) }),
    });
    const http = tf('oci_load_balancer_listener', 'lb_http', {
      load_balancer_id: id,
      protocol: 'HTTP',
      rule_set_names: [ref('oci_load_balancer_rule_set.redirect', 'name')],
    });
    expect(tfAddresses(ociLbHttpsOnly, [lb, tls, rules, http])).toEqual([]);
  });
});

describe('gcp-lb-https-only', () => {
  const serving = tf('google_compute_url_map', 'lb', { default_service: 'x' });
  const redirect = tf('google_compute_url_map', 'lb_redirect', {
    default_url_redirect: block({ https_redirect: true }),
  });
  const modern = tf('google_compute_ssl_policy', 'lb', { min_tls_version: 'TLS_1_2' });

  it('flags an HTTP proxy that serves, and an HTTPS proxy without a TLS 1.2 policy', () => {
    const http = tf('google_compute_target_http_proxy', 'lb', {
      url_map: ref('google_compute_url_map.lb', 'id'),
    });
    const https = tf('google_compute_target_https_proxy', 'lb', {
      url_map: ref('google_compute_url_map.lb', 'id'),
    });
    expect(tfAddresses(gcpLbHttpsOnly, [serving, http, https])).toEqual([
      'google_compute_target_http_proxy.lb',
      'google_compute_target_https_proxy.lb',
    ]);
  });

  it('passes an HTTP proxy on a redirect map and an HTTPS proxy with a modern policy', () => {
    const http = tf('google_compute_target_http_proxy', 'lb_redirect', {
      url_map: ref('google_compute_url_map.lb_redirect', 'id'),
    });
    const https = tf('google_compute_target_https_proxy', 'lb', {
      url_map: ref('google_compute_url_map.lb', 'id'),
      ssl_policy: ref('google_compute_ssl_policy.lb', 'id'),
    });
    expect(tfAddresses(gcpLbHttpsOnly, [serving, redirect, modern, http, https])).toEqual([]);
  });
});
