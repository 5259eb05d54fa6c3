import type { TDesignIssue } from '../parse';
import type { TDesignRule } from './rule';

const BALANCERS = new Set(['aws.alb', 'aws.nlb']);
const ACM_ARN = /^arn:aws(?:-[a-z]+)*:acm:([a-z0-9-]+):\d{12}:certificate\/[\w-]+$/;
// ELB also takes a certificate uploaded to IAM, which is global.
const IAM_ARN = /^arn:aws(?:-[a-z]+)*:iam::\d{12}:server-certificate\/\S+$/;

type TFinding = { readonly key: string; readonly message: string };

/** What is wrong with the certificate of one ALB or NLB (its values merged), if anything. */
function certificateProblem(
  service: string,
  props: Readonly<Record<string, unknown>>,
  name: string,
  region: string,
): TFinding | undefined {
  const arn = typeof props['certificateArn'] === 'string' ? props['certificateArn'].trim() : '';
  if (arn === '') return undefined;
  if (service === 'aws.nlb' && props['protocol'] !== 'TLS')
    return {
      key: 'protocol',
      message: `certificateArn is for a TLS listener, and load balancer “${name}” listens on TCP (it passes connections through and never presents a certificate): set protocol to TLS to end TLS on 443 with it, or clear certificateArn`,
    };
  if (IAM_ARN.test(arn)) return undefined;
  const acm = ACM_ARN.exec(arn);
  if (!acm)
    return {
      key: 'certificateArn',
      message: `certificateArn “${arn}” of load balancer “${name}” is not the ARN of an ACM certificate: set it to arn:aws:acm:${region}:<account>:certificate/<id> (aws acm list-certificates --region ${region}), or leave it empty to give the certificate as a required variable at apply`,
    };
  if (acm[1] !== region)
    return {
      key: 'certificateArn',
      message: `certificateArn of load balancer “${name}” is an ACM certificate in ${acm[1]}, and a listener takes a certificate of its own region only: request or import it in ${region} and set that ARN`,
    };
  return undefined;
}

/**
 * An ALB's HTTPS listener and an NLB's TLS listener present an ACM certificate of their own
 * region (ELB refuses another region's: CertificateNotFound), given by its ARN; an NLB listening
 * on TCP uses none, so a certificate given to it means TLS was meant. Each environment's overrides
 * are checked too. An empty certificateArn is a required variable, as the builders make it.
 */
export const awsLbCertificate: TDesignRule = {
  id: 'aws-lb-certificate',
  source:
    'Elastic Load Balancing, "SSL certificates for your Application Load Balancer" and "Server certificates" for Network Load Balancer TLS listeners (ACM certificates in the load balancer\'s Region)',
  check: ({ design, services }) => {
    if (design.provider !== 'aws') return [];
    const issues: TDesignIssue[] = [];
    design.components.forEach((c, i) => {
      const service = services.get(c.id)?.id ?? '';
      if (!BALANCERS.has(service)) return;
      const base = certificateProblem(service, c.properties, c.name, design.region);
      if (base)
        issues.push({
          path: `components[${i}].properties.${base.key}`,
          message: base.message,
          severity: 'error',
        });
      design.environments.forEach((env, j) => {
        const overrides = env.overrides[c.id];
        if (!overrides) return;
        const merged = { ...c.properties, ...overrides };
        const found = certificateProblem(service, merged, c.name, design.region);
        if (!found || found.message === base?.message) return;
        const path = `environments[${j}].overrides.${c.id}`;
        issues.push({
          path: found.key in overrides ? `${path}.${found.key}` : path,
          message: found.message,
          severity: 'error',
        });
      });
    });
    return issues;
  },
};
