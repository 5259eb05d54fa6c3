import { parentPort } from 'node:worker_threads';
import { AppError } from '../errors';
import type { TJobFailure, TJobHandlers, TJobReply, TJobRequest } from './protocol';

/**
 * The worker's side of lib/jobs/pool.ts: runs each request's handler, one at a time. `warmUp`
 * runs before the worker says it is ready, so a user's first job does not pay for the engine's
 * first-run compilation (nor does a job's deadline); its failure is not the worker's.
 */
export async function serveJobs(
  handlers: TJobHandlers,
  warmUp: () => Promise<unknown> = () => Promise.resolve(),
): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread');
  const reply = (message: TJobReply) => port.postMessage(message);
  port.on('message', (request: TJobRequest) => {
    void (async () => {
      try {
        const handler = handlers[request.kind] as ((input: unknown) => unknown) | undefined;
        if (!handler) throw new Error(`no job named ${request.kind}`);
        const value = await handler(request.input);
        try {
          reply({ type: 'done', id: request.id, ok: true, value });
        } catch (error) {
          reply({ type: 'done', id: request.id, ok: false, error: failureOf(error) });
        }
      } catch (error) {
        reply({ type: 'done', id: request.id, ok: false, error: failureOf(error) });
      }
    })();
  });
  await warmUp().catch(() => undefined);
  reply({ type: 'ready' });
}

function failureOf(error: unknown): TJobFailure {
  if (error instanceof AppError) {
    return { kind: 'app', code: error.code, message: error.message, extra: error.extra };
  }
  if (error instanceof Error) {
    return { kind: 'crash', message: error.message, ...(error.stack && { stack: error.stack }) };
  }
  return { kind: 'crash', message: String(error) };
}
