import { maskSent, noSecrets, type TAuthSecrets } from '@stratum/core/api-client/auth-simple';
import { gatedFeaturesOf, ZMethod, type TApiRequest } from '@stratum/core/api-client/model';
import { SCRIPT_LIMITS, type TScriptInput } from '@stratum/core/api-client/script-api';
import { reasonPhrase } from '@stratum/core/api-client/status-text';
import { urlWithParams } from '@stratum/core/api-client/url';
import { resolveRequest } from '@stratum/core/api-client/resolve-request';
import { toWire, type TWireRequest } from '@stratum/core/api-client/wire';
import type { TRunInput, TRunResult } from '@stratum/core/contract/api-client/run';
import type { AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { throttle } from '../../lib/throttle';
import { prepareAuth, sendAttempt } from './auth';
import type { OAuthClient } from './auth-oauth2';
import { sendWithRetries, type TAttempt } from './retry';
import { effectiveAuth, requireFeatures } from './run-gate';
import type { RunnerDeps, TSendResult } from './run-types';
import type { ScriptSandbox } from './sandbox';
import { runScript } from './script-runner';

/** Runs per user per minute (each may retry and run two scripts). */
export const RUNS_PER_MINUTE = 120;

type TRunContext = Pick<TRunInput, 'environmentId' | 'collectionId' | 'itemId'>;

const toObject = (map: ReadonlyMap<string, string>) => Object.fromEntries(map);

/** The request as a script sees it: the URL with its params, enabled headers. */
function scriptRequest(request: TApiRequest): TScriptInput['request'] {
  const body = request.body;
  const raw =
    body.mode === 'json' || body.mode === 'raw'
      ? body.text
      : body.mode === 'graphql'
        ? body.query
        : undefined;
  return {
    method: request.method,
    url: request.params.length > 0 ? urlWithParams(request.url, request.params) : request.url,
    headers: request.headers
      .filter((h) => h.enabled && h.key.trim() !== '')
      .map((h) => ({ key: h.key, value: h.value })),
    body: { mode: body.mode, ...(raw !== undefined && { raw }) },
  };
}

function responseText(res: TSendResult): string {
  return res.bodyEncoding === 'base64'
    ? Buffer.from(res.body, 'base64').toString('utf8')
    : res.body;
}

/**
 * Issue 12 §3, the request runner: gate → scopes → pre-request script → `{{variables}}` → wire
 * request → auth → send with retries → test script → history and environment changes.
 *
 * Error answers: rate limit, unknown environment or collection, the plan gate. Everything from
 * the pre-request script on is reported inside the answer (`data.error`, and
 * `data.variables.saveError` when the environment cannot take the scripts' changes), so the
 * scripts' logs, tests and variable changes are shown even when the upstream server could not be
 * reached.
 */
export class RunService {
  private readonly now = Date.now;

  constructor(
    private readonly deps: RunnerDeps,
    private readonly sandbox: ScriptSandbox,
    private readonly oauth: OAuthClient,
  ) {}

  /** The environment's variables and the collection's part, for any of the API client's calls. */
  async loadContext(userId: string, input: TRunContext) {
    const [environment, collection] = await Promise.all([
      input.environmentId
        ? this.deps.store.loadEnvironmentScope(userId, input.environmentId)
        : Promise.resolve(new Map<string, string>()),
      input.collectionId
        ? this.deps.store.loadCollectionContext(userId, input.collectionId, input.itemId)
        : Promise.resolve(undefined),
    ]);
    return { environment, collection };
  }

  async run(
    userId: string,
    input: TRunInput,
    signal?: AbortSignal,
    /** Who sent it: variables its scripts save to the environment are audited. */
    actor?: AuditActor,
  ): Promise<TRunResult> {
    await throttle(this.deps.shared, `api-run:${userId}`, RUNS_PER_MINUTE);
    const { environment: original, collection } = await this.loadContext(userId, input);
    let request = input.request;
    const auth = effectiveAuth(request.auth, collection);
    await requireFeatures(this.deps.plans, userId, gatedFeaturesOf(request, auth));

    const environment = new Map(original);
    let local = new Map<string, string>();
    const collectionVars = collection?.variables ?? new Map<string, string>();
    const result: TRunResult = {
      attempts: [],
      tests: [],
      logs: [],
      scriptErrors: {},
      variables: { set: {}, unset: [] },
      missingVariables: [],
    };
    const applyChanges = (changes: { set: Record<string, string>; unset: string[] }) => {
      for (const [k, v] of Object.entries(changes.set)) environment.set(k, v);
      for (const k of changes.unset) environment.delete(k);
    };
    const scriptInput = (phase: TScriptInput['phase']): TScriptInput => ({
      phase,
      requestName: collection?.itemName ?? '',
      variables: {
        local: toObject(local),
        environment: toObject(environment),
        collection: toObject(collectionVars),
      },
      request: scriptRequest(request),
    });
    const finish = async () => {
      result.variables = this.netChanges(original, environment);
      const { set, unset } = result.variables;
      if (input.environmentId && (Object.keys(set).length > 0 || unset.length > 0)) {
        signal?.throwIfAborted();
        try {
          await this.deps.store.applyEnvironmentChanges(
            userId,
            input.environmentId,
            { set, unset },
            actor,
          );
        } catch (error) {
          // The request may have been sent by now: its answer, tests and logs still come back.
          if (!(error instanceof AppError)) throw error;
          result.variables.saveError = `Not saved to the environment: ${error.message}`;
        }
      }
      return result;
    };

    // Pre-request script: may set variables and change the method, URL and headers.
    if (request.scripts.preRequest.trim() !== '') {
      const ran = await runScript(
        this.sandbox,
        request.scripts.preRequest,
        scriptInput('prerequest'),
        undefined,
        signal,
      );
      signal?.throwIfAborted();
      if (ran.output) {
        result.logs.push(...ran.output.logs);
        applyChanges(ran.output.environment);
        local = new Map(Object.entries(ran.output.local));
        request = this.withScriptRequest(request, ran.output.request);
      }
      if (ran.error !== undefined) {
        result.scriptErrors.preRequest = ran.error;
        result.error = {
          code: 'request/invalid',
          message: `The request was not sent: the pre-request script failed (${ran.error}).`,
        };
        return finish();
      }
    }

    const resolved = resolveRequest({ ...request, auth }, [local, environment, collectionVars]);
    result.missingVariables = resolved.missing;
    const built = toWire(resolved.request);
    if (!built.ok) {
      result.error = { code: 'request/invalid', message: built.message };
      return finish();
    }

    let secrets: TAuthSecrets = noSecrets();
    let sent: TWireRequest = built.wire;
    let outcome: { response?: TSendResult; error?: AppError; attempts: TAttempt[] };
    const started = this.now();
    try {
      const prepared = await prepareAuth(built.wire, resolved.request.auth, {
        userId,
        oauth: this.oauth,
        now: this.now,
        ...(signal && { signal }),
      });
      secrets = prepared.secrets;
      sent = prepared.wire;
      outcome = await sendWithRetries(
        sendAttempt(
          (wire, attemptSignal) =>
            this.deps.send(wire, { userId, ...(attemptSignal && { signal: attemptSignal }) }),
          prepared,
          {
            timeoutMs: request.settings.timeoutMs,
            followRedirects: request.settings.followRedirects,
          },
          (wire) => {
            sent = wire;
          },
        ),
        request.settings.retries,
        { now: this.now, ...(signal && { signal }) },
      );
    } catch (error) {
      if (signal?.aborted || !(error instanceof AppError)) throw error;
      outcome = { error, attempts: [] };
    }
    result.sent = maskSent(sent, secrets);
    result.attempts = outcome.attempts;
    if (outcome.response) result.response = outcome.response;
    if (outcome.error) result.error = { code: outcome.error.code, message: outcome.error.message };

    signal?.throwIfAborted();
    await this.deps.store.appendHistory(userId, {
      request: input.request,
      ...(input.environmentId && { environmentId: input.environmentId }),
      ...(input.collectionId && { collectionId: input.collectionId }),
      ...(input.itemId && { itemId: input.itemId }),
      method: result.sent.method,
      url: result.sent.url,
      ...(outcome.response && { status: outcome.response.status, size: outcome.response.size }),
      ...(outcome.error && { error: outcome.error.code }),
      durationMs: this.now() - started,
      at: new Date(started),
    });

    // Test script: runs on a response (none when nothing answered).
    if (request.scripts.test.trim() !== '' && outcome.response) {
      const res = outcome.response;
      const text = responseText(res);
      const hasBody = text.length <= SCRIPT_LIMITS.responseBodyChars;
      const ran = await runScript(
        this.sandbox,
        request.scripts.test,
        {
          ...scriptInput('test'),
          response: {
            code: res.status,
            status: reasonPhrase(res.status),
            headers: Object.entries(res.headers).flatMap(([name, value]) =>
              (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
            ),
            responseTime: res.timings.totalMs,
            size: res.size,
            hasBody,
          },
        },
        hasBody ? text : '',
        signal,
      );
      signal?.throwIfAborted();
      if (ran.output) {
        result.logs.push(...ran.output.logs);
        result.tests = ran.output.tests;
        applyChanges(ran.output.environment);
      }
      if (ran.error !== undefined) result.scriptErrors.test = ran.error;
    }
    return finish();
  }

  /** The method, URL and headers a pre-request script left (an invalid method is ignored). */
  private withScriptRequest(
    request: TApiRequest,
    changed: { method: string; url: string; headers: { key: string; value: string }[] },
  ): TApiRequest {
    const before = scriptRequest(request);
    const method = ZMethod.safeParse(changed.method);
    return {
      ...request,
      method: method.success ? method.data : request.method,
      // A changed URL carries its own query; the params table no longer applies.
      ...(changed.url !== before.url && { url: changed.url, params: [] }),
      headers: changed.headers.map((h) => ({ key: h.key, value: h.value, enabled: true })),
    };
  }

  private netChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>) {
    const set: Record<string, string> = {};
    for (const [k, v] of after) if (before.get(k) !== v) set[k] = v;
    const unset = [...before.keys()].filter((k) => !after.has(k));
    return { set, unset };
  }
}
