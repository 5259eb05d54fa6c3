import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TApiRequest } from '@stratum/core/api-client/model';
import { defineEndpoint } from '@stratum/core/contract/endpoint';
import { callApi } from '../../../lib/api-client';
import { HISTORY_KEY } from './keys';

/*
 * GUESSED: written against the shape announced for h/runner's `core/src/contract/api-client/run.ts`
 * before that file existed. When it lands, import its endpoint and types here instead; the
 * rest of the page reads only `TRunResult` below, so only `toRunResult` needs adjusting.
 */
const runRequest = defineEndpoint({
  method: 'POST',
  path: '/api/api-client/run',
  summary: 'Sends a request from the server, with scripts, auth and retries',
  auth: true,
  body: z.custom<TRunInput>(),
  response: z.unknown(),
});

export interface TRunInput {
  request: TApiRequest;
  environmentId?: string;
  collectionId?: string;
  itemId?: string;
}

export interface TTimings {
  dnsMs?: number;
  connectMs?: number;
  tlsMs?: number;
  firstByteMs?: number;
  totalMs: number;
}

export interface TRunResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  bodyEncoding: 'utf8' | 'base64';
  size: number;
  timings: TTimings;
}

export interface TRunResult {
  response: TRunResponse | null;
  error: { code?: string; message: string } | null;
  attempts: number;
  sent: { method: string; url: string; headers: [string, string][] } | null;
  tests: { name: string; passed: boolean; error?: string }[];
  logs: { level: string; message: string }[];
  scriptErrors: { phase?: string; message: string }[];
  missingVariables: string[];
}

type Loose = Record<string, unknown>;
const asObject = (v: unknown): Loose => (v !== null && typeof v === 'object' ? (v as Loose) : {});
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asString = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const asNumber = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** Headers as name/value pairs, from a record, [name, value] pairs or {name, value} objects. */
export function headerPairs(value: unknown): [string, string][] {
  if (Array.isArray(value)) {
    return value.flatMap((h): [string, string][] => {
      if (Array.isArray(h)) return [[String(h[0]), String(h[1])]];
      const o = asObject(h);
      return [[asString(o.name ?? o.key), asString(o.value)]];
    });
  }
  return Object.entries(asObject(value)).flatMap(([name, v]) =>
    Array.isArray(v) ? v.map((x): [string, string] => [name, String(x)]) : [[name, String(v)]],
  );
}

const textOf = (v: unknown): string =>
  typeof v === 'string' ? v : asString(asObject(v).message, JSON.stringify(v));

/** The run's answer in the one shape the page reads. */
export function toRunResult(answer: unknown): TRunResult {
  const data = asObject(asObject(answer).data);
  const response =
    data.response === undefined || data.response === null ? null : asObject(data.response);
  const error = data.error === undefined || data.error === null ? null : data.error;
  const timings = asObject(response?.timings);
  const sent = data.sent === undefined ? null : asObject(data.sent);
  return {
    response: response && {
      status: asNumber(response.status) ?? 0,
      statusText: asString(response.statusText),
      headers: headerPairs(response.headers),
      body: asString(response.body),
      bodyEncoding: response.bodyEncoding === 'base64' ? 'base64' : 'utf8',
      size: asNumber(response.size) ?? asString(response.body).length,
      timings: {
        dnsMs: asNumber(timings.dnsMs),
        connectMs: asNumber(timings.connectMs),
        tlsMs: asNumber(timings.tlsMs),
        firstByteMs: asNumber(timings.firstByteMs),
        totalMs: asNumber(timings.totalMs) ?? 0,
      },
    },
    error:
      error === null
        ? null
        : typeof error === 'string'
          ? { message: error }
          : { code: asString(asObject(error).code) || undefined, message: textOf(error) },
    attempts: asNumber(data.attempts) ?? 1,
    sent: sent && {
      method: asString(sent.method),
      url: asString(sent.url),
      headers: headerPairs(sent.headers),
    },
    tests: asArray(data.tests).map((t) => {
      const o = asObject(t);
      return {
        name: asString(o.name),
        passed: o.passed === true,
        ...(o.error ? { error: textOf(o.error) } : {}),
      };
    }),
    logs: asArray(data.logs).map((l) => {
      const o = asObject(l);
      return typeof l === 'string'
        ? { level: 'log', message: l }
        : { level: asString(o.level, 'log'), message: asString(o.message, textOf(o.args ?? l)) };
    }),
    scriptErrors: asArray(data.scriptErrors).map((e) => {
      const o = asObject(e);
      return typeof e === 'string'
        ? { message: e }
        : { phase: asString(o.phase) || undefined, message: textOf(e) };
    }),
    missingVariables: asArray(data.missingVariables).map((v) => String(v)),
  };
}

/** POST /api/api-client/run; `signal` cancels it (the server stops when the client goes). */
export function useRunRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, signal }: { input: TRunInput; signal: AbortSignal }) =>
      toRunResult(await callApi(runRequest, { body: input, signal })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
  });
}
