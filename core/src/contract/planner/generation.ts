import { z } from 'zod';
import { zString } from '../common';
import { FORMATS } from '../../iac/emit/emitter';
import { POLICY_SEVERITIES } from '../../iac/policy/types';

export const ZFormat = z.enum(FORMATS);

export const ZGeneratedFile = z.object({ path: z.string(), content: z.string() });

/** What the engine said about the design it generated (`core/src/iac/generate.ts`). */
export const ZGenerationReport = z.object({
  /** Always true for a stored generation: a design with errors generates nothing. */
  valid: z.boolean(),
  /** The stored design version the engine upgraded from, if it was older. */
  upgradedFrom: z.number().int().nullable(),
  /** What the engine added to complete the design (a missing network, subnet…). */
  completions: z.array(z.object({ node: z.string(), message: z.string() })),
  /** Design validation warnings (errors stop generation). */
  warnings: z.array(
    z.object({ path: z.string(), message: z.string(), severity: z.enum(['error', 'warning']) }),
  ),
  /** Names that broke a cloud's naming rule, with the automatic fix the files use. */
  naming: z.array(
    z.object({
      node: z.string(),
      env: z.string(),
      name: z.string(),
      rule: z.string(),
      reason: z.string(),
      fix: z.string(),
    }),
  ),
  /**
   * Security policy rules (core/src/iac/policy) the generated code breaks; `exempted` carries
   * the design's reason when it waives the rule for that component. Absent in generations
   * stored before the rules existed.
   */
  policy: z
    .array(
      z.object({
        rule: z.string(),
        title: z.string(),
        severity: z.enum(POLICY_SEVERITIES),
        node: z.string(),
        address: z.string(),
        message: z.string(),
        docs: z.string(),
        exempted: z.string().optional(),
      }),
    )
    .default([]),
});
export type TGenerationReport = z.infer<typeof ZGenerationReport>;
export type TPolicyFindingReport = TGenerationReport['policy'][number];

export const ZGenerationOptions = z.object({ ci: z.boolean(), readme: z.boolean() });

/** A stored generation without its files, for the history list. */
export const ZGenerationSummary = z.object({
  id: z.string(),
  projectId: z.string(),
  format: ZFormat,
  layout: z.string(),
  options: ZGenerationOptions,
  /** The project revision the files were generated from. */
  revision: z.number().int(),
  fileCount: z.number().int(),
  warningCount: z.number().int(),
  createdAt: z.string(),
});
export type TGenerationSummary = z.infer<typeof ZGenerationSummary>;

export const ZGeneration = ZGenerationSummary.extend({
  files: z.array(ZGeneratedFile),
  report: ZGenerationReport,
});
export type TGeneration = z.infer<typeof ZGeneration>;

/** This month's generations after this one (§9); `limit` -1 and `remaining` null: unlimited. */
export const ZGenerationQuota = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int().nullable(),
});
export type TGenerationQuota = z.infer<typeof ZGenerationQuota>;

export const ZGenerationParams = z.object({
  id: zString(100).min(1),
  generationId: zString(100).min(1),
});
