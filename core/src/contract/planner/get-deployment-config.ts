import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZProjectParams } from './project';
import { ZDeployEnvironment, ZDeployGate, ZDeploymentConfig } from './deployment';

/** Without `environment`, the design's first environment is priced. */
export const ZDeploymentConfigQuery = z.object({ environment: ZDeployEnvironment.optional() });

export const ZGetDeploymentConfigResponse = z.object({
  success: z.literal(true),
  data: z.object({ config: ZDeploymentConfig, gate: ZDeployGate }),
});
export type TGetDeploymentConfigResponse = z.infer<typeof ZGetDeploymentConfigResponse>;

/** Step 6: the priced resources of the stored design, the execution history and the plan gate. */
export const getDeploymentConfig = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:id/deployments',
  summary: "A project's deployment config (priced resources) and its executions",
  auth: true,
  params: ZProjectParams,
  querystring: ZDeploymentConfigQuery,
  response: ZGetDeploymentConfigResponse,
});
