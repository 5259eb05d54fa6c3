import { attr, ofType, tfHit } from '../query';
import { defineRule } from '../types';

/** What an Application Load Balancer forwards to its targets. */
export const albDropInvalidHeaders = defineRule({
  id: 'aws-alb-drop-invalid-headers',
  clouds: ['aws'],
  title: 'Application load balancers drop invalid HTTP headers',
  checks:
    'Every ALB (load_balancer_type "application", the default) sets drop_invalid_header_fields = true, so headers whose names are not valid HTTP tokens are removed instead of reaching the targets (request smuggling and desync).',
  severity: 'medium',
  docs: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/application/edit-load-balancer-attributes.html',
  source: 'tfsec aws-elb-drop-invalid-headers; Checkov CKV_AWS_131; Security Hub ELB.4',
  terraform: (resources) =>
    ofType(resources, 'aws_lb')
      .filter((lb) => (attr(lb.body, 'load_balancer_type') ?? 'application') === 'application')
      .filter((lb) => attr(lb.body, 'drop_invalid_header_fields') !== true)
      .map((lb) => tfHit(lb, 'invalid HTTP header fields are forwarded to the targets')),
});
