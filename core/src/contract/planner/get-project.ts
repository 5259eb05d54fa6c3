import { defineEndpoint } from '../endpoint';
import { ZProjectParams, ZProjectResponse } from './project';

/** One of the user's projects with its planner state; 404 'Project not found' otherwise. */
export const getProject = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:id',
  summary: 'One project with its planner state',
  auth: true,
  params: ZProjectParams,
  response: ZProjectResponse,
});
