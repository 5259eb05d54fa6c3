import { API_LIMITS } from './model';

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

  function clip(text, max) {
    text = String(text);
    return text.length > max ? text.slice(0, max) + '…' : text;
  }
  function typeOf(v) {
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'array';
    if (v instanceof Date) return 'date';
    if (v instanceof RegExp) return 'regexp';
    if (v instanceof Error) return 'error';
    return typeof v;
  }
  function show(v) {
    var t = typeOf(v);
    if (t === 'string') return "'" + clip(v, 200) + "'";
    if (t === 'undefined' || t === 'number' || t === 'boolean' || t === 'bigint' || t === 'null') return String(v);
    if (t === 'function') return '[Function' + (v.name ? ' ' + v.name : '') + ']';
    if (t === 'error') return v.name + ': ' + v.message;
    if (v && v.__isResponse) return 'response ' + v.code;
    try { return clip(JSON.stringify(v), 200); } catch (e) { return String(v); }
  }
  function logText(v) {
    if (typeof v === 'string') return v;
    if (typeOf(v) === 'error') return v.name + ': ' + v.message;
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return String(v);
    try { return JSON.stringify(v); } catch (e) { return String(v); }
  }
  function deepEqual(a, b) {
    if (a === b) return a !== 0 || 1 / a === 1 / b;
    if (typeof a === 'number' && typeof b === 'number') return a !== a && b !== b;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (a instanceof Date || b instanceof Date) {
      return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
    }
    var ka = Object.keys(a), kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (var i = 0; i < ka.length; i++) {
      if (!Object.prototype.hasOwnProperty.call(b, ka[i]) || !deepEqual(a[ka[i]], b[ka[i]])) return false;
    }
    return true;
  }
  function toText(value) {
    if (typeof value === 'string') return value;
    if (value !== null && typeof value === 'object') return JSON.stringify(value);
    return String(value);
  }
  function checkKey(key) {
    key = String(key);
    if (key === '' || key.length > LIMITS.variableKeyChars) throw new Error('A variable name must have 1 to ' + LIMITS.variableKeyChars + ' characters.');
    return key;
  }
  function checkValue(value) {
    value = toText(value);
    if (value.length > LIMITS.variableValueChars) throw new Error('A variable value holds at most ' + LIMITS.variableValueChars + ' characters.');
    return value;
  }
  function has(map, key) { return Object.prototype.hasOwnProperty.call(map, key); }

  // ---------------------------------------------------------------- expect (a chai-like subset)
  class AssertionError extends Error {
    constructor(message) { super(message); this.name = 'AssertionError'; }
  }
  function Assertion(value, message, flags) {
    this._v = value;
    this._msg = message;
    this._not = !!(flags && flags.not);
    this._deep = !!(flags && flags.deep);
  }
  Assertion.prototype._assert = function (pass, positive, negative) {
    if (this._not ? pass : !pass) {
      var text = this._not ? negative : positive;
      throw new AssertionError((this._msg ? this._msg + ': ' : '') + text);
    }
    return this;
  };
  Assertion.prototype._e = function (words) { return 'expected ' + show(this._v) + ' to ' + words; };
  Assertion.prototype._n = function (words) { return 'expected ' + show(this._v) + ' to not ' + words; };
  ['to', 'be', 'been', 'is', 'that', 'which', 'and', 'has', 'have', 'with', 'at', 'of', 'same', 'but', 'does', 'still', 'also'].forEach(function (word) {
    Object.defineProperty(Assertion.prototype, word, { get: function () { return this; } });
  });
  Object.defineProperty(Assertion.prototype, 'not', {
    get: function () { return new Assertion(this._v, this._msg, { not: !this._not, deep: this._deep }); },
  });
  Object.defineProperty(Assertion.prototype, 'deep', {
    get: function () { return new Assertion(this._v, this._msg, { not: this._not, deep: true }); },
  });
  function getter(name, check, words) {
    Object.defineProperty(Assertion.prototype, name, {
      get: function () { return this._assert(check.call(this, this._v), this._e(words), this._n(words)); },
    });
  }
  getter('ok', function (v) { return v && v.__isResponse ? v.code >= 200 && v.code < 300 : !!v; }, 'be ok');
  getter('true', function (v) { return v === true; }, 'be true');
  getter('false', function (v) { return v === false; }, 'be false');
  getter('null', function (v) { return v === null; }, 'be null');
  getter('undefined', function (v) { return v === undefined; }, 'be undefined');
  getter('NaN', function (v) { return typeof v === 'number' && v !== v; }, 'be NaN');
  getter('exist', function (v) { return v !== null && v !== undefined; }, 'exist');
  getter('empty', function (v) {
    if (typeof v === 'string' || Array.isArray(v)) return v.length === 0;
    if (v && typeof v === 'object') return Object.keys(v).length === 0;
    return false;
  }, 'be empty');
  var P = Assertion.prototype;
  P.equal = P.equals = P.eq = function (x) {
    if (this._deep) return this.eql(x);
    return this._assert(this._v === x, this._e('equal ' + show(x)), this._n('equal ' + show(x)));
  };
  P.eql = P.eqls = function (x) {
    return this._assert(deepEqual(this._v, x), this._e('deeply equal ' + show(x)), this._n('deeply equal ' + show(x)));
  };
  P.a = P.an = function (type) {
    var want = String(type).toLowerCase();
    var article = /^[aeiou]/.test(want) ? 'an ' : 'a ';
    return this._assert(typeOf(this._v) === want, this._e('be ' + article + want), this._n('be ' + article + want));
  };
  P.include = P.includes = P.contain = P.contains = function (x) {
    var v = this._v, deep = this._deep, pass = false;
    if (typeof v === 'string') pass = v.indexOf(String(x)) !== -1;
    else if (Array.isArray(v)) pass = v.some(function (item) { return deep || (x && typeof x === 'object') ? deepEqual(item, x) : item === x; });
    else if (v && typeof v === 'object' && x && typeof x === 'object') {
      pass = Object.keys(x).every(function (k) { return has(v, k) && deepEqual(v[k], x[k]); });
    }
    return this._assert(pass, this._e('include ' + show(x)), this._n('include ' + show(x)));
  };
  P.property = function (name, value) {
    var v = this._v;
    var present = v !== null && v !== undefined && name in Object(v);
    if (arguments.length < 2) {
      this._assert(present, this._e('have property ' + show(name)), this._n('have property ' + show(name)));
      return present && !this._not ? new Assertion(v[name], this._msg) : this;
    }
    var same = present && (this._deep ? deepEqual(v[name], value) : v[name] === value);
    var words = 'have property ' + show(name) + ' of ' + show(value) + (present ? ', but got ' + show(v[name]) : '');
    return this._assert(same, this._e(words), this._n('have property ' + show(name) + ' of ' + show(value)));
  };
  P.above = P.gt = P.greaterThan = function (n) {
    return this._assert(this._v > n, this._e('be above ' + show(n)), this._n('be above ' + show(n)));
  };
  P.below = P.lt = P.lessThan = function (n) {
    return this._assert(this._v < n, this._e('be below ' + show(n)), this._n('be below ' + show(n)));
  };
  P.least = P.gte = function (n) {
    return this._assert(this._v >= n, this._e('be at least ' + show(n)), this._n('be at least ' + show(n)));
  };
  P.most = P.lte = function (n) {
    return this._assert(this._v <= n, this._e('be at most ' + show(n)), this._n('be at most ' + show(n)));
  };
  P.within = function (lo, hi) {
    var words = 'be within ' + show(lo) + '..' + show(hi);
    return this._assert(this._v >= lo && this._v <= hi, this._e(words), this._n(words));
  };
  P.lengthOf = P.length = function (n) {
    var len = this._v === null || this._v === undefined ? undefined : this._v.length;
    return this._assert(len === n, this._e('have length ' + n + ' but got ' + show(len)), this._n('have length ' + n));
  };
  P.match = function (re) {
    return this._assert(re.test(String(this._v)), this._e('match ' + String(re)), this._n('match ' + String(re)));
  };
  P.oneOf = function (list) {
    var v = this._v;
    return this._assert(list.some(function (x) { return deepEqual(x, v); }), this._e('be one of ' + show(list)), this._n('be one of ' + show(list)));
  };
  P.keys = function () {
    var names = Array.prototype.slice.call(arguments);
    if (names.length === 1 && Array.isArray(names[0])) names = names[0];
    var v = this._v;
    var pass = v !== null && typeof v === 'object' && names.every(function (k) { return has(v, k); });
    return this._assert(pass, this._e('have keys ' + show(names)), this._n('have keys ' + show(names)));
  };
  P.status = function (code) {
    var got = this._v && this._v.__isResponse ? this._v.code : undefined;
    return this._assert(got === code, 'expected response to have status code ' + code + ' but got ' + got, 'expected response to not have status code ' + code);
  };
  P.header = function (name, value) {
    var r = this._v;
    var got = r && r.headers && r.headers.get ? r.headers.get(name) : undefined;
    if (arguments.length < 2) {
      return this._assert(got !== undefined, "expected response to have header '" + name + "'", "expected response to not have header '" + name + "'");
    }
    return this._assert(got === value, "expected header '" + name + "' to be " + show(value) + ' but got ' + show(got), "expected header '" + name + "' to not be " + show(value));
  };
  function expect(value, message) { return new Assertion(value, message); }
  expect.fail = function (message) { throw new AssertionError(message || 'expect.fail()'); };

  // ---------------------------------------------------------------- variables
  function scopeApi(name, readOnly) {
    var api = {
      get: function (key) { var m = state.vars[name]; return has(m, key) ? m[key] : undefined; },
      has: function (key) { return has(state.vars[name], key); },
      toObject: function () { return Object.assign({}, state.vars[name]); },
      set: function (key, value) {
        if (readOnly) throw new Error('pm.' + name + 'Variables are read-only in scripts.');
        key = checkKey(key);
        var m = state.vars[name];
        if (!has(m, key) && Object.keys(m).length >= LIMITS.variablesSet) throw new Error('Too many variables.');
        m[key] = checkValue(value);
      },
      unset: function (key) {
        if (readOnly) throw new Error('pm.' + name + 'Variables are read-only in scripts.');
        delete state.vars[name][String(key)];
      },
      clear: function () {
        if (readOnly) throw new Error('pm.' + name + 'Variables are read-only in scripts.');
        state.vars[name] = {};
      },
    };
    return api;
  }
  function lookup(key) {
    var order = ['local', 'environment', 'collection'];
    for (var i = 0; i < order.length; i++) {
      if (has(state.vars[order[i]], key)) return state.vars[order[i]][key];
    }
    return undefined;
  }

  // ---------------------------------------------------------------- request and response
  function headerList(list) {
    function find(key) {
      var lower = String(key).toLowerCase();
      for (var i = 0; i < list.length; i++) if (list[i].key.toLowerCase() === lower) return i;
      return -1;
    }
    function pair(a, b) {
      if (a && typeof a === 'object') return { key: String(a.key), value: toText(a.value) };
      return { key: String(a), value: toText(b) };
    }
    return {
      get: function (key) { var i = find(key); return i === -1 ? undefined : list[i].value; },
      has: function (key) { return find(key) !== -1; },
      add: function (a, b) { list.push(pair(a, b)); },
      upsert: function (a, b) {
        var h = pair(a, b), i = find(h.key);
        if (i === -1) list.push(h); else list[i].value = h.value;
      },
      remove: function (key) {
        var lower = String(key).toLowerCase();
        for (var i = list.length - 1; i >= 0; i--) if (list[i].key.toLowerCase() === lower) list.splice(i, 1);
      },
      all: function () { return list.map(function (h) { return { key: h.key, value: h.value }; }); },
      toObject: function () {
        var o = {};
        list.forEach(function (h) { o[h.key] = h.value; });
        return o;
      },
    };
  }
  function makeRequest(req) {
    var headers = req.headers.map(function (h) { return { key: h.key, value: h.value }; });
    state.requestHeaders = headers;
    var r = {
      method: req.method,
      url: req.url,
      headers: headerList(headers),
      body: Object.freeze({ mode: req.body.mode, raw: req.body.raw }),
    };
    return r;
  }
  function makeResponse(res, body) {
    var lower = {};
    res.headers.forEach(function (h) { lower[h[0].toLowerCase()] = h[1]; });
    var response = {
      __isResponse: true,
      code: res.code,
      status: res.status,
      responseTime: res.responseTime,
      size: res.size,
      responseSize: res.size,
      headers: {
        get: function (name) { var k = String(name).toLowerCase(); return has(lower, k) ? lower[k] : undefined; },
        has: function (name) { return has(lower, String(name).toLowerCase()); },
        toObject: function () { return Object.assign({}, lower); },
      },
      text: function () {
        if (!res.hasBody) throw new Error('The response body is larger than scripts may read (' + LIMITS.responseBodyChars + ' characters).');
        return body;
      },
      json: function () { return JSON.parse(response.text()); },
    };
    Object.defineProperty(response, 'to', { get: function () { return new Assertion(response); } });
    return response;
  }

  // ---------------------------------------------------------------- console and tests
  function log(level) {
    return function () {
      if (state.logs.length >= LIMITS.logLines) { state.logsDropped = true; return; }
      var text = Array.prototype.map.call(arguments, logText).join(' ');
      state.logs.push(clip((level === 'log' ? '' : '[' + level + '] ') + text, LIMITS.logLineChars));
    };
  }
  function record(name, passed, error) {
    if (state.tests.length >= LIMITS.tests) return;
    var entry = { name: clip(name, LIMITS.testNameChars), passed: passed };
    if (error !== undefined) entry.error = clip(error, LIMITS.errorChars);
    state.tests.push(entry);
    return entry;
  }
  function reason(e) {
    if (e && typeof e === 'object' && 'message' in e) return String(e.message);
    return String(e);
  }
  function test(name, fn) {
    name = String(name);
    if (typeof fn !== 'function') { record(name, false, 'pm.test needs a function'); return; }
    try {
      var result = fn();
      if (result && typeof result.then === 'function') {
        var entry = record(name, false, 'The test did not finish.');
        result.then(function () {
          if (entry) { entry.passed = true; delete entry.error; }
        }, function (e) {
          if (entry) entry.error = clip(reason(e), LIMITS.errorChars);
        });
        return;
      }
      record(name, true);
    } catch (e) {
      record(name, false, reason(e));
    }
  }
  test.skip = function () {};

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
