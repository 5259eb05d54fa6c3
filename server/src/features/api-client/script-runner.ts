import { z } from 'zod';
import {
  PM_API_SOURCE,
  SCRIPT_LIMITS,
  type TScriptInput,
  type TScriptOutput,
  type TScriptPhase,
} from '@stratum/core/api-client/script-api';
import type { ScriptSandbox } from './sandbox';

/** The output JSON of a script, checked: it comes from code the user wrote. */
const ZScriptOutput = z.object({
  tests: z
    .array(z.object({ name: z.string(), passed: z.boolean(), error: z.string().optional() }))
    .max(SCRIPT_LIMITS.tests),
  logs: z.array(z.string()).max(SCRIPT_LIMITS.logLines + 1),
  environment: z.object({
    set: z.record(z.string(), z.string()),
    unset: z.array(z.string()),
  }),
  local: z.record(z.string(), z.string()),
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.array(z.object({ key: z.string(), value: z.string() })),
    body: z.object({ mode: z.string(), raw: z.string().optional() }),
  }),
  error: z.string().optional(),
});

export interface TScriptRun {
  /** Absent when the script produced nothing readable (stopped, or the sandbox failed). */
  output?: TScriptOutput;
  /** The script's error, or why it produced nothing. */
  error?: string;
}

const FILENAMES: Record<TScriptPhase, string> = {
  prerequest: 'pre-request.js',
  test: 'tests.js',
};

/** Runs one pre-request or test script in the sandbox and reads what it reported. */
export async function runScript(
  sandbox: ScriptSandbox,
  script: string,
  input: TScriptInput,
  body: string | undefined,
  signal?: AbortSignal,
): Promise<TScriptRun> {
  const outcome = await sandbox.run(
    {
      prelude: PM_API_SOURCE,
      script,
      filename: FILENAMES[input.phase],
      input: JSON.stringify(input),
      ...(body !== undefined && { body }),
    },
    signal,
  );
  if (!outcome.ok) return { error: outcome.error };
  let parsed: unknown;
  try {
    parsed = JSON.parse(outcome.output);
  } catch {
    return { error: 'The script’s results could not be read.' };
  }
  const checked = ZScriptOutput.safeParse(parsed);
  if (!checked.success) return { error: 'The script’s results could not be read.' };
  const output = checked.data;
  return { output, ...(output.error !== undefined && { error: output.error }) };
}
