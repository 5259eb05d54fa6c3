import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { Ajv, type ValidateFunction } from 'ajv';
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parse as parseYaml } from 'yaml';

/**
 * The official schemas a generated pipeline is checked against (test helpers only):
 * GitHub's workflow schema through its own parser (`@actions/workflow-parser`, the parser of
 * GitHub's Actions language service), and GitLab's `ci.json` — which gitlab-ci-local bundles
 * (fetched from gitlab-org/gitlab app/assets/javascripts/editor/schema/ci.json) into its
 * single-file build; no npm package ships it as a file, so it is read out of that bundle.
 */
export function githubWorkflowErrors(path: string, content: string): string[] {
  const result = parseWorkflow({ name: path, content }, new NoOperationTraceWriter());
  return result.context.errors.getErrors().map((e) => `${path}: ${e.message}`);
}

let gitlab: ValidateFunction | undefined;
const GITLAB_SCHEMA_START =
  '{$schema:"http://json-schema.org/draft-07/schema#",$id:"https://gitlab.com/.gitlab-ci.yml"';

function gitlabSchema(): object {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('gitlab-ci-local'), 'utf8');
  const start = bundle.indexOf(GITLAB_SCHEMA_START);
  if (start < 0) throw new Error('GitLab CI schema not found in gitlab-ci-local');
  let depth = 0;
  let quote = '';
  let end = start;
  for (; end < bundle.length; end++) {
    const c = bundle[end]!;
    if (quote) {
      if (c === '\\') end++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) break;
  }
  // An object literal of JSON-like data (minified: `!0` for true); evaluated without globals.
  return runInNewContext(`(${bundle.slice(start, end + 1)})`, {}) as object;
}

/** A pipeline file as data, for tests that read its jobs. */
export const readPipeline = (content: string): Record<string, unknown> =>
  parseYaml(content) as Record<string, unknown>;

export function gitlabCiErrors(content: string): string[] {
  gitlab ??= new Ajv({
    strict: false,
    allErrors: true,
    // The schema's URL, date and regex fields are not what these checks are
    // about: accepted as any string, without a warning per use.
    formats: { uri: true, 'uri-reference': true, 'date-time': true, regex: true },
  }).compile(gitlabSchema());
  return gitlab(parseYaml(content))
    ? []
    : (gitlab.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
