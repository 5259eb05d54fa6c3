import type { TConvertSource, TConvertTarget, TUnconverted } from '@stratum/core/convert/types';

/** §7 generate takes a prompt of at most 8,000 characters. */
export const PROMPT_MAX = 8000;

const FORMAT: Record<TConvertSource | TConvertTarget, string> = {
  terraform: 'Terraform (HCL, .tf files)',
  bicep: 'Bicep (.bicep files)',
  arm: 'an ARM deployment template (a .json file with the 2019-04-01 deploymentTemplate $schema)',
  design: 'Terraform (HCL, .tf files)',
};

export interface TRestPrompt {
  readonly prompt: string;
  /** The pieces the prompt carries; the rest did not fit and are said to be left out. */
  readonly included: number;
}

/**
 * The prompt of "Convert the rest with the assistant": only the pieces the converter left out,
 * each with where it came from and why, and what to answer. Pieces are added whole until the
 * prompt's limit; the count sent is answered so the page can say how many were not.
 */
export function restPrompt(
  pieces: readonly TUnconverted[],
  from: TConvertSource,
  to: TConvertTarget,
): TRestPrompt {
  const head =
    `Convert these pieces of ${FORMAT[from]} to ${FORMAT[to]}. A converter already converted ` +
    `the rest of the configuration; these are what it could not convert, each with the reason. ` +
    `Answer with one or more complete files that are valid on their own, named by their path, ` +
    `and convert nothing else.\n`;
  let prompt = head;
  let included = 0;
  for (const p of pieces) {
    const block = `\n--- ${p.file}${p.line > 0 ? `:${p.line}` : ''} (${p.kind} ${p.name}; ${p.reason})\n${p.text}\n`;
    if (prompt.length + block.length > PROMPT_MAX) break;
    prompt += block;
    included++;
  }
  return { prompt, included };
}
