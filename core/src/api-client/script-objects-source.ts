/**
 * The objects `pm` hands a script, as JavaScript source inside `PM_API_SOURCE` (script-api.ts):
 * variable scopes, the request and response, `console` and `pm.test`.
 */
export const PM_OBJECTS_SOURCE = `
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
`;
