/** A file in a generation's result; on failure the result holds one, `ERROR.md`. */
export interface TAnswerFile {
  path: string;
  content: string;
}

const SAFE_PATH = /^(?!\/)(?!.*\.\.)[\w./-]{1,200}$/;

/**
 * The files in a model's answer. Preferred: a JSON object `{ "files": [{ path, content }] }`
 * (what the prompt asks for, possibly inside a ```json fence); else fenced blocks whose info
 * string ends with a file path (```hcl main.tf); else the whole answer as `ANSWER.md`.
 */
export function filesOfAnswer(text: string): TAnswerFile[] {
  const json = readJsonFiles(text);
  if (json) return json;
  const fenced: TAnswerFile[] = [];
  const fence = /```([^\n`]*)\n([\s\S]*?)```/g;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    const words = (m[1] ?? '').trim().split(/\s+/);
    const path = words.find((w) => w.includes('.') && SAFE_PATH.test(w));
    if (path) fenced.push({ path, content: m[2] ?? '' });
  }
  if (fenced.length > 0) return fenced;
  return [{ path: 'ANSWER.md', content: text }];
}

function readJsonFiles(text: string): TAnswerFile[] | undefined {
  const candidates = [text.trim()];
  const fenced = /```(?:json)?\s*\n([\s\S]*?)```/.exec(text);
  if (fenced?.[1]) candidates.push(fenced[1].trim());
  for (const candidate of candidates) {
    if (!candidate.startsWith('{')) continue;
    try {
      const value = JSON.parse(candidate) as { files?: unknown };
      if (!Array.isArray(value.files)) continue;
      const files = value.files.filter(
        (f): f is TAnswerFile =>
          typeof f === 'object' &&
          f !== null &&
          typeof (f as TAnswerFile).path === 'string' &&
          SAFE_PATH.test((f as TAnswerFile).path) &&
          typeof (f as TAnswerFile).content === 'string',
      );
      if (files.length > 0) return files;
    } catch {
      // not JSON: try the next reading
    }
  }
  return undefined;
}

/**
 * §7: a failed generation still answers a result, holding one file that says what went wrong,
 * so a client that writes the result's files out shows the failure where the code would be.
 */
export function errorResult(code: string, message: string): { files: TAnswerFile[] } {
  return {
    files: [
      {
        path: 'ERROR.md',
        content: `# The assistant could not generate this\n\n${message}\n\nError code: \`${code}\`\n\nNothing here was invented: no model answer was used. The planner and the converter produce code without a model.\n`,
      },
    ],
  };
}
