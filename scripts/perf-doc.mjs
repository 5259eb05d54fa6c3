// Replaces one `## <title>` section of docs/performance.md, keeping every other section.
import { readFile, writeFile } from 'node:fs/promises';

const FILE = new URL('../docs/performance.md', import.meta.url);
const HEADER =
  '# Performance\n\nFigures printed by the `npm run bench:*` scripts, which rewrite their own section.\n\n';

export async function writeSection(title, body) {
  const current = await readFile(FILE, 'utf8').catch(() => HEADER);
  const heading = `## ${title}`;
  const sections = current.split(/^(?=## )/m);
  const next = `${heading}\n\n${body.trim()}\n\n`;
  const index = sections.findIndex((s) => s.startsWith(`${heading}\n`));
  if (index >= 0) sections[index] = next;
  else sections.push(next);
  await writeFile(FILE, sections.join('').replace(/\n{3,}/g, '\n\n'));
}
