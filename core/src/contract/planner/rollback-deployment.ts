import { defineEndpoint } from '../endpoint';
import { ZDeploymentParams, ZDeploymentResponse } from './deployment';

/**
 * Rolls back a completed execution (§4: logs success after 3 s). Before completion, or a second
 * time, answers 409 `deploy/rollback_unavailable`; plans without deployment 403 `deploy/not_allowed`.
 */
export const rollbackDeployment = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:id/deployments/:deploymentId/rollback',
  summary: 'Roll back a completed deployment (simulated)',
  auth: true,
  params: ZDeploymentParams,
  response: ZDeploymentResponse,
  audit: { action: 'deployments.rollback', target: 'deployment' },
});
