import { z } from 'zod';
import { ERROR_CODES, zString } from '../common';
import { defineEndpoint } from '../endpoint';

export const ZAnswerFile = z.object({ path: z.string(), content: z.string() });

/**
 * §7 `POST /api/llm/generate {prompt, model}`. `task: 'design'` asks for a Stratum design
 * document, answered only when it validates; `files` (the default) for code files.
 */
export const ZGenerateBody = z.object({
  prompt: zString(8000).pipe(z.string().trim().min(1, 'Say what to generate.')),
  model: zString(200).optional(),
  task: z.enum(['files', 'design']).default('files'),
  /** The cloud of a design (task `design`); AWS when absent. */
  provider: z.enum(['aws', 'azure', 'gcp', 'oci']).optional(),
});
export type TGenerateBody = z.input<typeof ZGenerateBody>;

export const ZGenerateResult = z.object({
  files: z.array(ZAnswerFile),
  /** task `design`: the validated design document. */
  design: z.record(z.string(), z.unknown()).optional(),
});
export type TGenerateResult = z.infer<typeof ZGenerateResult>;

export const ZGenerateSuccess = z.object({
  success: z.literal(true),
  result: ZGenerateResult,
  message: z.string(),
  model: z.string(),
});

/**
 * Every failure, the model's and ours (no model configured, rate limit, a timeout, an answer
 * that does not validate): the error shape plus a placeholder `result` whose one file,
 * `ERROR.md`, says what went wrong.
 */
export const ZGenerateFailure = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  result: ZGenerateResult,
  retryAfterSeconds: z.number().int().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TGenerateFailure = z.infer<typeof ZGenerateFailure>;

export const generateWithLlm = defineEndpoint({
  method: 'POST',
  path: '/api/llm/generate',
  summary: 'Generate files (or a design) from a prompt with the configured model',
  auth: true,
  body: ZGenerateBody,
  response: ZGenerateSuccess,
  audit: { action: 'llm.generate', target: 'llm_message' },
});
