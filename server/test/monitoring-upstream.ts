import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server whose answer a test flips (200 → 500 → 200) and which counts its hits. */
export interface FlipServer {
  url: string;
  port: number;
  status: number;
  body: string;
  hits: number;
  /** Webhook deliveries received (body and signature header). */
  deliveries: { body: string; signature: string | undefined }[];
  /** Answers for the next webhook deliveries, first one first; then 200. */
  webhookAnswers: number[];
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startFlipServer(): Promise<FlipServer> {
  const state = {
    status: 200,
    body: '{"status":"ok"}',
    hits: 0,
    deliveries: [] as FlipServer['deliveries'],
    webhookAnswers: [] as number[],
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.url === '/webhook') {
        const body = await readBody(request);
        state.deliveries.push({
          body,
          signature: request.headers['x-stratum-signature'] as string | undefined,
        });
        response.writeHead(state.webhookAnswers.shift() ?? 200).end();
        return;
      }
      state.hits += 1;
      response.writeHead(state.status, { 'content-type': 'application/json' }).end(state.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const extra = {
    url: `http://127.0.0.1:${port}/health`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return Object.assign(state, extra);
}

/** Checks a delivery's `t=…,v1=…` signature as a receiver would. */
export function isValidSignature(
  secret: string,
  body: string,
  header: string | undefined,
): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
  return expected === match[2];
}
