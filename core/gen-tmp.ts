import { readFileSync } from 'node:fs';
import { generate } from '@stratum/core/iac/generate';
const [file, format, layout, ciProvider] = process.argv.slice(2);
const d = JSON.parse(readFileSync(`examples/${file}.json`, 'utf8'));
d.layout = { ...(d.layout ?? {}), ci: true, ...(ciProvider ? { ciProvider } : {}) };
const r = generate(d, { format: format as 'terraform', ...(layout ? { layout } : {}) });
if (!r.ok) { console.log(r.issues); process.exit(1); }
for (const f of r.files) if (/README|\.yml|backend|env\//.test(f.path)) console.log(`==== ${f.path}\n${f.content}`);
