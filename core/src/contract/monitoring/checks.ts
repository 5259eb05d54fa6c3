import { z } from 'zod';
import { ZOk } from '../common';
import { ZIdParams } from '../admin/paging';
import { defineEndpoint } from '../endpoint';
import { ZCheck, ZCheckInput } from './check';

const target = 'monitor-check';

export const listChecks = defineEndpoint({
  method: 'GET',
  path: '/api/monitoring/checks',
  summary: "The user's checks with their current state, last latency and uptime",
  auth: true,
  response: z.object({ success: z.literal(true), data: z.object({ items: z.array(ZCheck) }) }),
});

export const getCheck = defineEndpoint({
  method: 'GET',
  path: '/api/monitoring/checks/:id',
  summary: 'One check',
  auth: true,
  params: ZIdParams,
  response: z.object({ success: z.literal(true), data: ZCheck }),
});

export const createCheck = defineEndpoint({
  method: 'POST',
  path: '/api/monitoring/checks',
  summary: 'Add an HTTP(S), TCP, TLS certificate or Kubernetes health check',
  auth: true,
  body: ZCheckInput,
  response: z.object({ success: z.literal(true), data: ZCheck }),
  audit: { action: 'monitoring.create', target },
});

export const updateCheck = defineEndpoint({
  method: 'PUT',
  path: '/api/monitoring/checks/:id',
  summary: 'Change a check (its history stays)',
  auth: true,
  params: ZIdParams,
  body: ZCheckInput,
  response: z.object({ success: z.literal(true), data: ZCheck }),
  audit: { action: 'monitoring.update', target },
});

export const deleteCheck = defineEndpoint({
  method: 'DELETE',
  path: '/api/monitoring/checks/:id',
  summary: 'Remove a check with its results and incidents',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'monitoring.delete', target },
});

export const runCheckNow = defineEndpoint({
  method: 'POST',
  path: '/api/monitoring/checks/:id/run',
  summary: 'Run a check now (counts as a scheduled run: retries and alerts apply)',
  auth: true,
  params: ZIdParams,
  response: z.object({ success: z.literal(true), data: ZCheck }),
  audit: { action: 'monitoring.run', target },
});
