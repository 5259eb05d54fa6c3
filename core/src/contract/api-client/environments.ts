import { z } from 'zod';
import { API_LIMITS, ZEnvVariable } from '../../api-client/model';
import { ZOk, zInt32, zString } from '../common';
import { defineEndpoint } from '../endpoint';

/**
 * A variable as the server sends it. A secret's value is never sent: `value` is '' and
 * `hasValue` says whether one is stored (the UI masks it; `reveal` shows it to its owner).
 */
export const ZEnvVariableOut = z.object({
  key: z.string(),
  value: z.string(),
  secret: z.boolean(),
  enabled: z.boolean(),
  hasValue: z.boolean(),
});
export type TEnvVariableOut = z.infer<typeof ZEnvVariableOut>;

export const ZEnvironmentSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  variableCount: z.number().int(),
  /** Optimistic concurrency: every saved change adds one, scripts' changes too. */
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEnvironmentSummary = z.infer<typeof ZEnvironmentSummary>;

export const ZEnvironment = ZEnvironmentSummary.extend({ variables: z.array(ZEnvVariableOut) });
export type TEnvironment = z.infer<typeof ZEnvironment>;

export const ZEnvironmentParams = z.object({ id: zString(100).min(1) });

const zEnvName = () =>
  zString(API_LIMITS.nameChars).pipe(z.string().trim().min(1, 'Name is required'));

/**
 * Variables as the client sends them, in order. Names are unique (a secret's stored value is
 * found by its name). `value: null` keeps the value stored under that name (how a masked secret
 * is sent back unchanged); a name not stored yet gets ''.
 */
export const ZEnvVariablesInput = z
  .array(ZEnvVariable)
  .max(API_LIMITS.variablesPerEnvironment)
  .superRefine((variables, ctx) => {
    const seen = new Set<string>();
    variables.forEach((v, i) => {
      if (seen.has(v.key)) {
        ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `Duplicate variable ${v.key}` });
      }
      seen.add(v.key);
    });
  });

const ZEnvironmentResponse = z.object({
  success: z.literal(true),
  data: z.object({ environment: ZEnvironment }),
});
export type TEnvironmentResponse = z.infer<typeof ZEnvironmentResponse>;

export const listEnvironments = defineEndpoint({
  method: 'GET',
  path: '/api/api-client/environments',
  summary: 'Your API client environments, by name',
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.object({ environments: z.array(ZEnvironmentSummary), limit: z.number().int() }),
  }),
});

export const ZCreateEnvironmentInput = z.object({
  name: zEnvName(),
  variables: ZEnvVariablesInput.default([]),
});
export type TCreateEnvironmentInput = z.input<typeof ZCreateEnvironmentInput>;

/** Over `API_LIMITS.environmentsPerUser` answers 409 `api/limit_reached`. */
export const createEnvironment = defineEndpoint({
  method: 'POST',
  path: '/api/api-client/environments',
  summary: 'Create an environment',
  auth: true,
  body: ZCreateEnvironmentInput,
  response: ZEnvironmentResponse,
  audit: { action: 'apiClient.environments.create', target: 'api_environment' },
});

export const getEnvironment = defineEndpoint({
  method: 'GET',
  path: '/api/api-client/environments/:id',
  summary: 'One environment with its variables (secret values masked)',
  auth: true,
  params: ZEnvironmentParams,
  response: ZEnvironmentResponse,
});

export const ZUpdateEnvironmentInput = z.object({
  /** The revision the client last read or saved. */
  revision: zInt32().min(0),
  name: zEnvName(),
  /** The whole list, replacing the stored one; see `ZEnvVariablesInput` for `value: null`. */
  variables: ZEnvVariablesInput,
});
export type TUpdateEnvironmentInput = z.input<typeof ZUpdateEnvironmentInput>;

/** A stale `revision` answers 409 `api/revision_conflict` with `currentRevision`. */
export const updateEnvironment = defineEndpoint({
  method: 'PUT',
  path: '/api/api-client/environments/:id',
  summary: 'Rename an environment and replace its variables',
  auth: true,
  params: ZEnvironmentParams,
  body: ZUpdateEnvironmentInput,
  response: ZEnvironmentResponse,
  audit: { action: 'apiClient.environments.update', target: 'api_environment' },
});

export const deleteEnvironment = defineEndpoint({
  method: 'DELETE',
  path: '/api/api-client/environments/:id',
  summary: 'Delete an environment',
  auth: true,
  params: ZEnvironmentParams,
  response: ZOk,
  audit: { action: 'apiClient.environments.delete', target: 'api_environment' },
});

/** The eye button: one variable's stored value, to the environment's owner only. */
export const revealEnvironmentVariable = defineEndpoint({
  method: 'POST',
  path: '/api/api-client/environments/:id/reveal',
  summary: "Show one secret variable's value",
  auth: true,
  params: ZEnvironmentParams,
  body: z.object({ key: zString(1_024).min(1) }),
  response: z.object({
    success: z.literal(true),
    data: z.object({ key: z.string(), value: z.string() }),
  }),
  audit: { action: 'apiClient.environments.reveal', target: 'api_environment' },
});
