import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { createLogger } from './logger';
import { RequestLogController, SLOW_REQUEST_MS } from './request-log';

async function linesFor(level: string, path: string): Promise<{ msg: string; level: number }[]> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({
    loggerInstance: createLogger(level, sink),
    logController: new RequestLogController(),
  });
  app.get('/ok', () => ({ ok: true }));
  app.get('/missing', (_request, reply) => reply.status(404).send({ ok: false }));
  app.get('/broken', () => {
    throw new Error('boom');
  });
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  await app.inject({ method: 'GET', url: path });
  await app.close();
  return lines.map((l) => JSON.parse(l) as { msg: string; level: number });
}

it('writes no line for a request answered normally at the default level', async () => {
  expect(await linesFor('info', '/ok')).toEqual([]);
  expect(await linesFor('info', '/missing')).toEqual([]);
});

it('always writes a line for a server error, with the request', async () => {
  const lines = await linesFor('info', '/broken');
  expect(lines.some((l) => l.level === 50 && l.msg === 'request failed')).toBe(true);
});

it('always writes a line for a slow request', async () => {
  const lines = await linesFor('warn', '/slow');
  expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'slow request' })]);
});

it('writes every request at debug', async () => {
  const lines = await linesFor('debug', '/ok');
  expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
});

it('never writes a stream ticket from the query string', async () => {
  const lines = await linesFor('debug', '/ok?namespace=shop&ticket=s3cr3t-t1ck3t');
  const text = JSON.stringify(lines);
  expect(text).toContain('namespace=shop');
  expect(text).not.toContain('s3cr3t-t1ck3t');
});
