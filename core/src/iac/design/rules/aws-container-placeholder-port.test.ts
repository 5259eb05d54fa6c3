import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';
import { smallDesign } from '../../testing/small-design';

/** The warnings of rule aws-container-placeholder-port on one container service. */
function warnings(
  service: string,
  properties: Record<string, unknown>,
  options: { registry?: boolean; prod?: Record<string, unknown>; lbHealthPath?: string } = {},
) {
  const lb = options.lbHealthPath;
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'api', service, name: 'api', group: 'sn-0', properties },
      ...(options.registry ? [{ id: 'images', service: 'aws.ecr', name: 'images' }] : []),
      ...(lb
        ? [
            {
              id: 'lb',
              service: 'aws.alb',
              name: 'edge',
              group: 'sn-0',
              properties: { healthPath: lb },
            },
          ]
        : []),
    ],
    connections: [
      ...(options.registry ? [{ from: 'api', to: 'images', type: 'data' }] : []),
      ...(lb ? [{ from: 'lb', to: 'api', type: 'traffic' }] : []),
    ],
  });
  if (options.prod)
    design['environments'] = [{ name: 'dev' }, { name: 'prod', overrides: { api: options.prod } }];
  const parsed = parseDesign(design);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => /placeholder image/.test(i.message))
    .map((i) => `${i.severity} ${i.path}: ${i.message}`);
}

describe('aws-container-placeholder-port', () => {
  it('warns when an ECS service keeps nginx but moves the port off 80', () => {
    expect(warnings('aws.ecs-fargate', { containerPort: 8080 })).toEqual([
      "warning components[0].properties.containerPort: containerPort 8080 is not the port the placeholder image public.ecr.aws/nginx/nginx:stable listens on (80), so every health check fails and “api” never serves: set image to your application's image that listens on 8080 (or connect an ECR repository), or containerPort to 80",
    ]);
    expect(warnings('aws.ecs-fargate', {})).toEqual([]);
  });

  it('warns for App Runner’s sample image off port 8000', () => {
    expect(warnings('aws.app-runner', { port: 8080 })).toEqual([
      expect.stringMatching(
        /^warning components\[0\]\.properties\.port: port 8080 is not the port the placeholder image public\.ecr\.aws\/aws-containers\/hello-app-runner:latest listens on \(8000\)/,
      ),
    ]);
    expect(warnings('aws.app-runner', {})).toEqual([]);
  });

  it('trusts the port of the team’s image: one named, or an ECR repository connected', () => {
    const own = { image: 'public.ecr.aws/acme/orders:1.4.2', containerPort: 8080 };
    expect(warnings('aws.ecs-fargate', own)).toEqual([]);
    expect(warnings('aws.ecs-fargate', { containerPort: 8080 }, { registry: true })).toEqual([]);
    expect(warnings('aws.app-runner', { port: 8080 }, { registry: true })).toEqual([]);
  });

  it('warns when a health check asks the placeholder for a path it does not serve', () => {
    expect(warnings('aws.ecs-fargate', {}, { lbHealthPath: '/healthz' })).toEqual([
      "warning components[0].properties.image: the load balancer “edge” checks /healthz, which the placeholder image public.ecr.aws/nginx/nginx:stable does not serve (it answers on / only), so every target of “api” is unhealthy: set image to your application's image (or connect an ECR repository), or healthPath of “edge” to /",
    ]);
    expect(warnings('aws.ecs-fargate', {}, { lbHealthPath: '/' })).toEqual([]);
    expect(warnings('aws.ecs-fargate', {}, { lbHealthPath: '/healthz', registry: true })).toEqual(
      [],
    );
    expect(warnings('aws.app-runner', { healthPath: '/health' })).toEqual([
      expect.stringMatching(
        /^warning components\[0\]\.properties\.image: healthPath \/health is not served/,
      ),
    ]);
  });

  it('reports an environment whose override moves the port, on the override', () => {
    expect(warnings('aws.ecs-fargate', {}, { prod: { containerPort: 8443 } })).toEqual([
      expect.stringMatching(
        /^warning environments\[1\]\.overrides\.api\.containerPort: containerPort 8443 /,
      ),
    ]);
  });
});
