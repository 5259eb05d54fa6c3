import { z } from 'zod';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZKeyHint, ZLlmSource } from './status';

export const ZLlmSettingsView = z.object({
  /** The admin's values (null when unset). */
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  key: ZKeyHint,
  /** What LLM_BASE_URL / LLM_MODEL say (the key is never shown), read-only here. */
  environment: z.object({
    baseUrl: z.string().nullable(),
    model: z.string().nullable(),
    hasKey: z.boolean(),
  }),
  /** The setting in force: the admin's when it names a base URL, else the environment's. */
  source: ZLlmSource,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type TLlmSettingsView = z.infer<typeof ZLlmSettingsView>;

const ZHttpUrl = zString(500).refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'An http or https URL, please (e.g. https://api.openai.com/v1).');

/**
 * The admin's endpoint. `apiKey` absent keeps the stored key; `clearKey` removes it; an empty
 * `baseUrl` removes the admin's setting, so the environment's applies again.
 */
export const ZSaveLlmSettingsBody = z.object({
  baseUrl: z.union([z.literal(''), ZHttpUrl]),
  model: zString(200),
  apiKey: zString(500).optional(),
  clearKey: z.boolean().optional(),
});
export type TSaveLlmSettingsBody = z.input<typeof ZSaveLlmSettingsBody>;

const ZSettingsResponse = z.object({ success: z.literal(true), data: ZLlmSettingsView });

/** Owner and admin (`system.manage`). */
export const getLlmSettings = defineEndpoint({
  method: 'GET',
  path: '/api/admin/llm',
  summary: "Staff: the assistant's model endpoint (the key as a hint only)",
  auth: true,
  response: ZSettingsResponse,
});

/** Owner and admin (`system.manage`): the key is encrypted at rest and never answered. */
export const saveLlmSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/llm',
  summary: "Staff: save the assistant's model endpoint, model and key",
  auth: true,
  body: ZSaveLlmSettingsBody,
  response: ZSettingsResponse,
  audit: { action: 'system.llm.save', target: 'llm_settings' },
});
