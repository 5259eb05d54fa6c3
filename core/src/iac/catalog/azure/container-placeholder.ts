/**
 * The image a container app starts with until the design names its own: the Container Apps
 * quickstart, which listens on port 80 (`az containerapp up --target-port 80` in Microsoft's
 * quickstart). Ingress and its probes go to `containerPort`, so the default port is this one,
 * and a design that changes the port alone is refused (design rule azure-container-app-port):
 * Container Apps fails the revision ("The TargetPort … does not match the listening port 80").
 */
export const ACA_PLACEHOLDER = {
  image: 'mcr.microsoft.com/k8se/quickstart:latest',
  port: 80,
} as const;
