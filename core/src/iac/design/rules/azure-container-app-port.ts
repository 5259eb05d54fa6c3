import { ACA_PLACEHOLDER } from '../../catalog/azure/container-placeholder';
import { num, str, type TPropertyRule } from './rule';

/**
 * A container app still on the placeholder image listens on its port only: ingress to another
 * port fails the revision. Any other image is the team's, whose port the design cannot know.
 */
export const azureContainerAppPort: TPropertyRule = {
  id: 'azure-container-app-port',
  services: ['azure.container-app'],
  source:
    'Azure Container Apps, ingress target port ("The TargetPort … does not match the listening port"); Microsoft Learn quickstart, az containerapp up --image mcr.microsoft.com/k8se/quickstart:latest --target-port 80',
  check: (props) => {
    const port = num(props, 'containerPort');
    if (str(props, 'image') !== ACA_PLACEHOLDER.image || port === ACA_PLACEHOLDER.port) return [];
    return [
      {
        key: 'containerPort',
        message: `containerPort ${port} is not the port the placeholder image ${ACA_PLACEHOLDER.image} listens on (${ACA_PLACEHOLDER.port}), so Container Apps would fail the revision: set image to your application's image that listens on ${port}, or containerPort to ${ACA_PLACEHOLDER.port}`,
      },
    ];
  },
};
