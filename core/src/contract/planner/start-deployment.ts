import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZProjectParams } from './project';
import { ZDeployEnvironment, ZDeploymentResponse } from './deployment';

export const ZStartDeploymentInput = z.object({ environment: ZDeployEnvironment });
export type TStartDeploymentInput = z.input<typeof ZStartDeploymentInput>;

/**
 * Starts the simulated execution (§4): pending, running after 1 s, completed after 5 s. Plans
 * other than ultra-pro and enterprise answer 403 `deploy/not_allowed` (§6).
 */
export const startDeployment = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:id/deployments',
  summary: 'Start a simulated deployment of the stored design (ultra-pro and enterprise)',
  auth: true,
  params: ZProjectParams,
  body: ZStartDeploymentInput,
  response: ZDeploymentResponse,
  audit: { action: 'deployments.start', target: 'deployment' },
});
