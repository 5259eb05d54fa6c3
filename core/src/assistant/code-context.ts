import type { TGeneratedFile } from '../iac/emit/emitter';

/**
 * What of the generated code goes to the model: the file the user asks about, whole up to
 * `CODE_CONTEXT_LIMITS.fileChars`, and every other file by path and size only. A model's context
 * costs money and dilutes the answer; one file is what "explain this file" needs, and the list
 * lets it say where the rest lives.
 */
export const CODE_CONTEXT_LIMITS = {
  /** Characters of the asked-about file sent; beyond it the file is cut at a line end. */
  fileChars: 24_000,
  /** Other files listed (path and size); beyond it a count of the rest. */
  listedFiles: 150,
} as const;

export const REDACTED = '(redacted: a sensitive value, not sent to the model)';

/** Names Terraform declares `sensitive = true`, Bicep `@secure()`, ARM `secure*` parameters. */
function sensitiveNames(files: readonly TGeneratedFile[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    if (file.path.endsWith('.tf')) {
      // Top-level blocks close on a line of their own; a type or validation nests braces inside.
      for (const m of file.content.matchAll(/^variable\s+"([^"]+)"\s*\{([\s\S]*?)^\}/gm)) {
        if (/\bsensitive\s*=\s*true\b/.test(m[2] ?? '')) names.add(m[1] ?? '');
      }
    } else if (file.path.endsWith('.bicep')) {
      for (const m of file.content.matchAll(/@secure\(\)\s*(?:@[^\n]*\s*)*param\s+(\w+)/g)) {
        names.add(m[1] ?? '');
      }
    } else if (file.path.endsWith('.json')) {
      for (const m of file.content.matchAll(
        /"(\w+)"\s*:\s*\{\s*"type"\s*:\s*"secure(?:string|object)"/gi,
      )) {
        names.add(m[1] ?? '');
      }
    }
  }
  names.delete('');
  return names;
}

/**
 * The file with the values of sensitive variables replaced. The engine never writes one (secrets
 * are asked for at apply time; the tests check it), so this is a guard should a layout ever
 * write one, not a filter the engine's output relies on.
 */
export function redactSensitive(file: TGeneratedFile, sensitive: ReadonlySet<string>): string {
  if (sensitive.size === 0) return file.content;
  if (/\.tfvars$/.test(file.path) || file.path.endsWith('.bicepparam')) {
    const out: string[] = [];
    // Inside a redacted multi-line value: the brackets still open, or the heredoc's end marker.
    let depth = 0;
    let heredoc: string | null = null;
    for (const line of file.content.split('\n')) {
      if (heredoc !== null) {
        if (line.trim() === heredoc) heredoc = null;
        continue;
      }
      if (depth > 0) {
        depth += bracketBalance(line);
        continue;
      }
      const m = /^(\s*(?:param\s+)?)(\w+)(\s*=\s*)(.*)$/.exec(line);
      if (!m || !sensitive.has(m[2] ?? '')) {
        out.push(line);
        continue;
      }
      out.push(`${m[1]}${m[2]}${m[3]}"${REDACTED}"`);
      const value = m[4] ?? '';
      const marker = /^<<-?(\w+)\s*$/.exec(value);
      if (marker) heredoc = marker[1] ?? null;
      else depth = Math.max(0, bracketBalance(value));
    }
    return out.join('\n');
  }
  if (/\.tfvars\.json$|parameters.*\.json$/.test(file.path)) {
    try {
      const value = JSON.parse(file.content) as Record<string, unknown>;
      const params =
        value.parameters && typeof value.parameters === 'object'
          ? (value.parameters as Record<string, unknown>)
          : value;
      for (const name of Object.keys(params)) {
        if (!sensitive.has(name)) continue;
        params[name] = value.parameters ? { value: REDACTED } : REDACTED;
      }
      return `${JSON.stringify(value, null, 2)}\n`;
    } catch {
      return file.content;
    }
  }
  return file.content;
}

/** Opening minus closing brackets of a line, strings left out. */
function bracketBalance(line: string): number {
  const bare = line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '');
  return (bare.match(/[[{(]/g)?.length ?? 0) - (bare.match(/[\]})]/g)?.length ?? 0);
}

/** The file cut at the last line end within the budget, with a note saying what was left out. */
function withinBudget(content: string, limit: number): string {
  if (content.length <= limit) return content;
  const cut = content.lastIndexOf('\n', limit);
  const kept = content.slice(0, cut > 0 ? cut : limit);
  const lines = content.split('\n').length;
  const keptLines = kept.split('\n').length;
  return `${kept}\n[truncated: only the first ${keptLines} of ${lines} lines (${kept.length} of ${content.length} characters) were sent to you; say so if the question is about the rest]`;
}

const fence = (path: string) =>
  path.endsWith('.json')
    ? 'json'
    : path.endsWith('.bicep')
      ? 'bicep'
      : /\.(tf|tfvars|hcl)$/.test(path)
        ? 'hcl'
        : /\.ya?ml$/.test(path)
          ? 'yaml'
          : '';

export interface TCodeContext {
  /** Where the files came from, one line for the model. */
  origin: string;
  files: readonly TGeneratedFile[];
  /** The file the user asks about. */
  path: string;
}

/** The system-message section: the asked-about file and the list of the others. Deterministic. */
export function codeContextLines(context: TCodeContext): string[] {
  const sensitive = sensitiveNames(context.files);
  const asked = context.files.find((f) => f.path === context.path);
  const others = context.files.filter((f) => f !== asked);
  const lines = [`Generated code (${context.origin}).`];
  if (asked) {
    const content = withinBudget(redactSensitive(asked, sensitive), CODE_CONTEXT_LIMITS.fileChars);
    // A fence longer than any backtick run in the file, so the file cannot close it.
    const ticks = '`'.repeat(
      Math.max(3, ...[...content.matchAll(/`+/g)].map((m) => m[0].length + 1)),
    );
    lines.push(
      `The user is asking about the file ${asked.path} (${asked.content.length} characters):`,
      `${ticks}${fence(asked.path)}`,
      content,
      ticks,
    );
  } else {
    lines.push(
      `The user asked about ${context.path}, which is not among the generated files: say so.`,
    );
  }
  if (others.length > 0) {
    lines.push('The other generated files (path, characters), not sent to you:');
    for (const f of others.slice(0, CODE_CONTEXT_LIMITS.listedFiles)) {
      lines.push(`- ${f.path} (${f.content.length})`);
    }
    const rest = others.length - CODE_CONTEXT_LIMITS.listedFiles;
    if (rest > 0) lines.push(`- and ${rest} more files`);
  }
  return lines;
}
