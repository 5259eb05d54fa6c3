import { z } from 'zod';
import { CLOUDS } from '../../iac/types';
import { CONVERT_SOURCES, CONVERT_TARGETS } from '../../convert/types';
import { zText } from '../common';
import { defineEndpoint } from '../endpoint';

/** Uploads are at most 5 MB (issue 15 §3), as files or one zip. */
export const CONVERT_MAX_BYTES = 5 * 1024 * 1024;
export const CONVERT_MAX_FILES = 500;

const ZPath = z
  .string()
  .min(1)
  .max(512)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'A relative path, please.');

export const ZConvertFile = z.object({ path: z.string(), content: z.string() });
export const ZConvertWarning = z.object({
  file: z.string(),
  line: z.number().int(),
  message: z.string(),
});
export const ZUnconverted = z.object({
  file: z.string(),
  line: z.number().int(),
  kind: z.string(),
  name: z.string(),
  reason: z.string(),
  text: z.string(),
});

export const ZConvertBody = z.object({
  from: z.enum(CONVERT_SOURCES),
  to: z.enum(CONVERT_TARGETS),
  provider: z.enum(CLOUDS).optional(),
  /** `{ path: content }`; a single `*.zip` entry whose content is base64 is unpacked first. */
  files: z
    .record(ZPath, zText(CONVERT_MAX_BYTES * 2))
    .refine((f) => Object.keys(f).length > 0, 'Add at least one file.')
    .refine((f) => Object.keys(f).length <= CONVERT_MAX_FILES, 'At most 500 files.'),
});
export type TConvertBody = z.infer<typeof ZConvertBody>;

export const ZConvertData = z.object({
  files: z.array(ZConvertFile),
  /** The design document (schema v2) for `to: 'design'`; opened on the board as a project. */
  design: z.record(z.string(), z.unknown()).optional(),
  warnings: z.array(ZConvertWarning),
  unconverted: z.array(ZUnconverted),
  /** The mapping table when the output's cloud is not the input's (design re-targeted). */
  retarget: z
    .object({
      from: z.enum(CLOUDS),
      to: z.enum(CLOUDS),
      rows: z.array(
        z.object({
          id: z.string(),
          from: z.string(),
          to: z.string().optional(),
          reason: z.string().optional(),
        }),
      ),
    })
    .optional(),
  /** Problems the project's validators found in the output (empty when it validates). */
  validation: z.array(ZConvertWarning),
});
export type TConvertData = z.infer<typeof ZConvertData>;

export const convert = defineEndpoint({
  method: 'POST',
  path: '/api/converter/convert',
  summary: 'Convert Terraform, Bicep or ARM into a design or another format, validated',
  auth: true,
  body: ZConvertBody,
  response: z.object({ success: z.literal(true), data: ZConvertData }),
  audit: { exempt: 'a conversion: answers files and saves nothing' },
});
