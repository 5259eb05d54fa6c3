/**
 * The images AWS container services start with until the design names its own (or connects an
 * ECR repository, whose image then runs at the tag of variable `<component>_image_tag`), and the
 * one port each listens on. Traffic, target-group health checks and App Runner's health check
 * go to the service's port, so the defaults are these, and a design that changes the port alone
 * is reported (design rule aws-container-placeholder-port).
 */
export const AWS_CONTAINER_PLACEHOLDERS: Readonly<
  Record<string, { readonly image: string; readonly port: number; readonly portKey: string }>
> = {
  // nginx's default server listens on 80 (the image's EXPOSE 80).
  'aws.ecs-fargate': {
    image: 'public.ecr.aws/nginx/nginx:stable',
    port: 80,
    portKey: 'containerPort',
  },
  // App Runner's sample, deployed with "Port": "8000" (aws-containers/hello-app-runner).
  'aws.app-runner': {
    image: 'public.ecr.aws/aws-containers/hello-app-runner:latest',
    port: 8000,
    portKey: 'port',
  },
};

export const FARGATE_PLACEHOLDER = AWS_CONTAINER_PLACEHOLDERS['aws.ecs-fargate']!;
export const APP_RUNNER_PLACEHOLDER = AWS_CONTAINER_PLACEHOLDERS['aws.app-runner']!;
