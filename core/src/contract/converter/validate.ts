import { z } from 'zod';
import { zText } from '../common';
import { defineEndpoint } from '../endpoint';
import { CONVERT_MAX_BYTES, CONVERT_MAX_FILES, ZConvertWarning } from './convert';

/**
 * The converter's validators on their own: the page runs the assistant's answer ("convert the
 * rest") through them, and marks it unvalidated until they find nothing.
 */
export const ZValidateBody = z.object({
  files: z
    .record(
      z
        .string()
        .min(1)
        .max(512)
        .refine(
          (p) => !p.startsWith('/') && !p.split('/').includes('..'),
          'A relative path, please.',
        ),
      zText(CONVERT_MAX_BYTES),
    )
    .refine((f) => Object.keys(f).length > 0, 'Add at least one file.')
    .refine((f) => Object.keys(f).length <= CONVERT_MAX_FILES, 'At most 500 files.'),
});
export type TValidateBody = z.infer<typeof ZValidateBody>;

export const validateConverted = defineEndpoint({
  method: 'POST',
  path: '/api/converter/validate',
  summary: 'Check Terraform, Bicep, ARM or design files with the validators the converter uses',
  auth: true,
  body: ZValidateBody,
  response: z.object({
    success: z.literal(true),
    data: z.object({ validation: z.array(ZConvertWarning) }),
  }),
  audit: { exempt: 'a check: validates files and saves nothing' },
});
