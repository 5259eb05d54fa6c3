// `npm run openapi`: writes docs/openapi.json from the routes. CI fails when it is stale.
import { writeFile } from 'node:fs/promises';
import { generateOpenApiDocument } from '../src/openapi';

const target = new URL('../../docs/openapi.json', import.meta.url);
await writeFile(target, await generateOpenApiDocument());
process.stdout.write(`wrote ${target.pathname}\n`);
