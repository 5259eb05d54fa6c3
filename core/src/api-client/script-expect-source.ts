/** `pm.expect`, a chai-like subset, as JavaScript source inside `PM_API_SOURCE` (script-api.ts). */
export const PM_EXPECT_SOURCE = `
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
`;
