/**
 * `{{name}}` variables, resolved as Postman does: the innermost scope wins (values a script set
 * in this run, then the environment, then the collection). A name that is not defined stays
 * as written and is reported, so the user sees which one is missing.
 */

/** `{{ name }}`: names are any characters but braces and line breaks, trimmed. */
const VARIABLE = /\{\{\s*([^{}\r\n]+?)\s*\}\}/g;

export type TVariableScope = ReadonlyMap<string, string>;

export interface TSubstitution {
  text: string;
  /** Names used but not defined in any scope, in order of first use. */
  missing: string[];
}

/** The value of `name` in the first scope that has it. */
export function lookupVariable(scopes: readonly TVariableScope[], name: string) {
  for (const scope of scopes) {
    const value = scope.get(name);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * Replaces every `{{name}}` in `text`. Values are not substituted again (a value containing
 * `{{x}}` is sent as written), so resolution always ends.
 */
export function substitute(text: string, scopes: readonly TVariableScope[]): TSubstitution {
  const missing: string[] = [];
  const out = text.replace(VARIABLE, (whole, name: string) => {
    const value = lookupVariable(scopes, name);
    if (value !== undefined) return value;
    if (!missing.includes(name)) missing.push(name);
    return whole;
  });
  return { text: out, missing };
}

/** The variable names `text` uses, in order of first use. */
export function variablesIn(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(VARIABLE)) if (!names.includes(m[1]!)) names.push(m[1]!);
  return names;
}

/** A scope from table rows: enabled rows with a name; a later row of the same name wins. */
export function scopeOf(
  rows: readonly { key: string; value: string | null; enabled?: boolean }[],
): Map<string, string> {
  const scope = new Map<string, string>();
  for (const row of rows) {
    if (row.enabled === false || row.key.trim() === '' || row.value === null) continue;
    scope.set(row.key.trim(), row.value);
  }
  return scope;
}
