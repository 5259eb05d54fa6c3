/**
 * The sandbox's own helpers, as JavaScript source inside `PM_API_SOURCE` (script-api.ts):
 * printing values for messages and logs, deep equality, and variable name and value checks.
 */
export const PM_HELPERS_SOURCE = `
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
`;
