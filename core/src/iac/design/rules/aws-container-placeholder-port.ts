import { AWS_CONTAINER_PLACEHOLDERS } from '../../catalog/aws/container-placeholder';
import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/**
 * An ECS service or App Runner service still on its placeholder image listens on that image's
 * port only, and answers on `/` only: with another port, or a health check (the load balancer's
 * or App Runner's own) on another path, every check fails and the service never serves. With an ECR repository connected the image is the team's (at the tag of
 * `<component>_image_tag`), whose port the design cannot know.
 */
export const awsContainerPlaceholderPort: TDesignRule = {
  id: 'aws-container-placeholder-port',
  source:
    'Elastic Load Balancing, "Health checks for Application Load Balancer target groups" (targets fail on a port nothing listens on); nginx image (EXPOSE 80); AWS App Runner, aws-containers/hello-app-runner ("Port": "8000")',
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    design.components.forEach((c, i) => {
      const service = services.get(c.id);
      const placeholder = service && AWS_CONTAINER_PLACEHOLDERS[service.id];
      if (!service || !placeholder) return;
      const hasRegistry = view
        .outgoing(c.id)
        .some((x) => x.type === 'data' && services.get(x.to)?.kind === 'container-registry');
      if (hasRegistry) return;
      const defaults = Object.fromEntries(service.properties.map((p) => [p.key, p.default]));
      const finding = (props: Readonly<Record<string, unknown>>) => {
        const merged = { ...defaults, ...props };
        const port = Number(merged[placeholder.portKey]);
        if (merged['image'] !== placeholder.image || port === placeholder.port) return undefined;
        return `${placeholder.portKey} ${port} is not the port the placeholder image ${placeholder.image} listens on (${placeholder.port}), so every health check fails and “${c.name}” never serves: set image to your application's image that listens on ${port} (or connect an ECR repository), or ${placeholder.portKey} to ${placeholder.port}`;
      };
      // The placeholder answers 200 on `/` only: a health check on another path fails.
      const checkers = view.incoming(c.id).flatMap((x) => {
        if (x.type !== 'traffic' || services.get(x.from)?.id !== 'aws.alb') return [];
        const lb = view.component(x.from);
        const path = String(lb?.properties['healthPath'] ?? '/');
        return lb && path !== '/' ? [{ name: lb.name, path }] : [];
      });
      const own = service.properties.some((p) => p.key === 'healthPath')
        ? String(c.properties['healthPath'] ?? '/')
        : '/';
      const image = { ...defaults, ...c.properties }['image'];
      if (image === placeholder.image) {
        const path = `components[${i}].properties.image`;
        for (const lb of checkers)
          issues.push({
            path,
            severity: 'warning',
            message: `the load balancer “${lb.name}” checks ${lb.path}, which the placeholder image ${placeholder.image} does not serve (it answers on / only), so every target of “${c.name}” is unhealthy: set image to your application's image (or connect an ECR repository), or healthPath of “${lb.name}” to /`,
          });
        if (own !== '/')
          issues.push({
            path,
            severity: 'warning',
            message: `healthPath ${own} is not served by the placeholder image ${placeholder.image} (it answers on / only), so “${c.name}” never becomes healthy: set image to your application's image (or connect an ECR repository), or healthPath to /`,
          });
      }
      const base = finding(c.properties);
      if (base) {
        const path = `components[${i}].properties.${placeholder.portKey}`;
        issues.push({ path, message: base, severity: 'warning' });
      }
      design.environments.forEach((env, j) => {
        const overrides = env.overrides[c.id];
        if (!overrides) return;
        const message = finding({ ...c.properties, ...overrides });
        if (!message || message === base) return;
        const path = `environments[${j}].overrides.${c.id}`;
        const key = [placeholder.portKey, 'image'].find((k) => k in overrides);
        issues.push({ path: key ? `${path}.${key}` : path, message, severity: 'warning' });
      });
    });
    return issues;
  },
};
