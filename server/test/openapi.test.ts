import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { generateOpenApiDocument } from '../src/openapi';

it('docs/openapi.json matches the routes (run `npm run openapi` after changing a route)', async () => {
  const committed = await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
  const generated = await generateOpenApiDocument();
  expect(JSON.parse(generated).paths['/api/auth/login']).toBeDefined();
  expect(committed).toBe(generated);
});
