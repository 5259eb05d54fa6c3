import { defineEndpoint } from '../endpoint';
import { ZDeploymentParams, ZDeploymentResponse } from './deployment';

/** One execution as of now (poll it); 404 'Deployment not found' for unknown or others' ids. */
export const getDeployment = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:id/deployments/:deploymentId',
  summary: 'One deployment execution, its logs and resources as of now',
  auth: true,
  params: ZDeploymentParams,
  response: ZDeploymentResponse,
});
