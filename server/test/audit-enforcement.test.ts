import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@stratum/core/contract/endpoint';
import { auditNothingChanged, auditRecord } from '../src/lib/audit';
import { registerErrorHandler } from '../src/lib/error-handler';
import { addRoute, setMissingAuditMode } from '../src/lib/route';

const endpoint = defineEndpoint({
  method: 'POST',
  path: '/things',
  summary: 'Make a thing',
  auth: false,
  body: z.object({ mode: z.enum(['none', 'once', 'twice', 'unchanged']) }),
  response: z.object({ success: z.literal(true) }),
  audit: { action: 'things.create', target: 'thing' },
});

/** Stands in for writeAudit's bookkeeping, without a database. */
const pretendWritten = (action: string, targetId: string) =>
  auditRecord.getStore()?.written.push({ action, targetType: 'thing', targetId });

const errors: string[] = [];
let app: FastifyInstance;

async function appWith(mode: 'throw' | 'log'): Promise<FastifyInstance> {
  setMissingAuditMode(mode);
  app = Fastify({
    logger: {
      level: 'error',
      stream: { write: (line: string) => errors.push(line) },
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  addRoute(
    app,
    () => Promise.resolve(undefined),
    endpoint,
    ({ body }) => {
      if (body.mode === 'once') pretendWritten('things.create', 't1');
      if (body.mode === 'twice') {
        pretendWritten('things.create', 't1');
        pretendWritten('things.create', 't1');
      }
      if (body.mode === 'unchanged') auditNothingChanged('the thing existed');
      return Promise.resolve({});
    },
  );
  await app.ready();
  return app;
}

const post = (mode: string) => app.inject({ method: 'POST', url: '/things', payload: { mode } });

afterEach(async () => {
  errors.length = 0;
  await app.close();
  setMissingAuditMode('throw');
});

describe('a route that declares an audit action', () => {
  it('fails loudly under tests when it wrote no entry, or wrote one twice', async () => {
    await appWith('throw');
    expect((await post('once')).statusCode).toBe(200);
    expect((await post('unchanged')).statusCode).toBe(200);
    expect((await post('none')).statusCode).toBe(500);
    expect((await post('twice')).statusCode).toBe(500);
  });

  it('in production answers the committed change and logs an error naming the route', async () => {
    await appWith('log');
    expect((await post('none')).statusCode).toBe(200);
    expect(errors.join('\n')).toContain('POST /things wrote no audit entry \\"things.create\\"');
  });
});
