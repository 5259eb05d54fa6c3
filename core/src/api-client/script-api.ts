import { API_LIMITS } from './model';
import { PM_EXPECT_SOURCE } from './script-expect-source';
import { PM_HELPERS_SOURCE } from './script-helpers-source';
import { PM_OBJECTS_SOURCE } from './script-objects-source';

/**
 * The `pm` API of pre-request and test scripts (issue 12 §3), as JavaScript source evaluated
 * inside the sandbox (QuickJS in WebAssembly on the server), plus the JSON bridge in and out:
 * the host hands in one JSON string (and the response body as a second string), the script
 * runs, and one JSON string comes back. No host function or object is reachable from a script.
 *
 * Isomorphic so the web can list what `pm` offers next to the script editor.
 */

export const SCRIPT_LIMITS = {
  logLines: 200,
  logLineChars: 2_000,
  tests: 500,
  testNameChars: 500,
  errorChars: 2_000,
  /** A response body larger than this is not handed to the test script (`text()` throws). */
  responseBodyChars: 8 * 1024 * 1024,
  variableKeyChars: 1_024,
  variableValueChars: API_LIMITS.headerValueChars,
  variablesSet: API_LIMITS.variablesPerEnvironment,
} as const;

export type TScriptPhase = 'prerequest' | 'test';

export interface TScriptRequest {
  method: string;
  url: string;
  headers: { key: string; value: string }[];
  body: { mode: string; raw?: string };
}

export interface TScriptInput {
  phase: TScriptPhase;
  requestName: string;
  variables: {
    local: Record<string, string>;
    environment: Record<string, string>;
    collection: Record<string, string>;
  };
  request: TScriptRequest;
  response?: {
    code: number;
    status: string;
    headers: [string, string][];
    responseTime: number;
    size: number;
    /** False when the body was larger than SCRIPT_LIMITS.responseBodyChars. */
    hasBody: boolean;
  };
}

export interface TScriptOutput {
  tests: { name: string; passed: boolean; error?: string }[];
  logs: string[];
  /** The environment's net change. */
  environment: { set: Record<string, string>; unset: string[] };
  /** `pm.variables` at the end (run-scoped, never saved). */
  local: Record<string, string>;
  /** The request as the pre-request script left it. */
  request: TScriptRequest;
  /** The script's uncaught error, if any. */
  error?: string;
}

/** What `pm` offers, for the editor's hints. */
export const PM_API_SUMMARY = [
  'pm.environment.get/set/unset/has/toObject',
  'pm.variables.get/set/unset/has/replaceIn/toObject',
  'pm.collectionVariables.get/has/toObject',
  'pm.request.method, pm.request.url, pm.request.headers.add/upsert/remove/get/has, pm.request.body',
  'pm.response.code, .status, .headers.get, .text(), .json(), .responseTime, .size, .to.have.status(n)',
  'pm.test(name, fn), pm.expect(value).to.equal/eql/be.a/include/have.property/be.above/below/ok/true/false/null/undefined, .not',
  'pm.info.eventName, pm.info.requestName',
  'console.log/info/warn/error',
] as const;

const L = SCRIPT_LIMITS;

/**
 * Defines `__stratumSetup(inputJson, body)` and `__stratumFinish()`; evaluated first in a fresh
 * context, then the user's script, then `__stratumFinish()` answers the output JSON.
 * Written in plain ES2020 without template literals (it lives in one).
 */
export const PM_API_SOURCE = `
(function () {
  'use strict';
  var LIMITS = ${JSON.stringify(L)};
  var state = null;
${PM_HELPERS_SOURCE}${PM_EXPECT_SOURCE}${PM_OBJECTS_SOURCE}
  globalThis.__stratumSetup = function (inputJson, body) {
    var input = JSON.parse(inputJson);
    state = {
      phase: input.phase,
      vars: {
        local: input.variables.local,
        environment: input.variables.environment,
        collection: input.variables.collection,
      },
      original: Object.assign({}, input.variables.environment),
      logs: [],
      logsDropped: false,
      tests: [],
    };
    var env = scopeApi('environment', false);
    var local = scopeApi('local', false);
    var pm = {
      info: Object.freeze({ eventName: input.phase, requestName: input.requestName }),
      environment: env,
      variables: {
        get: lookup,
        has: function (key) { return lookup(key) !== undefined; },
        set: local.set,
        unset: local.unset,
        toObject: function () {
          return Object.assign({}, state.vars.collection, state.vars.environment, state.vars.local);
        },
        replaceIn: function (text) {
          return String(text).replace(/\\{\\{\\s*([^{}\\r\\n]+?)\\s*\\}\\}/g, function (whole, name) {
            var v = lookup(name);
            return v === undefined ? whole : v;
          });
        },
      },
      collectionVariables: scopeApi('collection', true),
      request: makeRequest(input.request),
      test: test,
      expect: expect,
      sendRequest: function () { throw new Error('pm.sendRequest is not available: scripts have no network access.'); },
    };
    if (input.response) pm.response = makeResponse(input.response, body);
    globalThis.pm = pm;
    globalThis.console = { log: log('log'), info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug') };
  };

  globalThis.__stratumFinish = function (error) {
    var set = {}, unset = [];
    var now = state.vars.environment;
    Object.keys(now).forEach(function (k) { if (state.original[k] !== now[k]) set[k] = now[k]; });
    Object.keys(state.original).forEach(function (k) { if (!has(now, k)) unset.push(k); });
    if (state.logsDropped) state.logs.push('… more log lines were dropped (at most ' + LIMITS.logLines + ').');
    var req = globalThis.pm.request;
    var out = {
      tests: state.tests,
      logs: state.logs,
      environment: { set: set, unset: unset },
      local: state.vars.local,
      request: {
        method: String(req.method),
        url: String(req.url),
        headers: state.requestHeaders.map(function (h) { return { key: String(h.key), value: toText(h.value) }; }),
        body: { mode: req.body.mode },
      },
    };
    if (error) out.error = clip(error, LIMITS.errorChars);
    return JSON.stringify(out);
  };
})();
`;
