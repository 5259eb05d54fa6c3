import { afterAll, describe, expect, it } from 'vitest';
import type { TScriptInput } from '@stratum/core/api-client/script-api';
import { ScriptSandbox } from './sandbox';
import { runScript } from './script-runner';

const sandbox = new ScriptSandbox({ workers: 2, timeoutMs: 500 });
afterAll(() => sandbox.close());

const base: TScriptInput = {
  phase: 'test',
  requestName: 'Get user',
  variables: {
    local: {},
    environment: { host: 'api.example.com', token: 'old' },
    collection: { version: 'v2', host: 'collection.example.com' },
  },
  request: {
    method: 'GET',
    url: 'https://{{host}}/users',
    headers: [{ key: 'Accept', value: 'application/json' }],
    body: { mode: 'none' },
  },
  response: {
    code: 200,
    status: 'OK',
    headers: [['Content-Type', 'application/json']],
    responseTime: 42,
    size: 27,
    hasBody: true,
  },
};
const body = JSON.stringify({ id: 7, name: 'Ann', tags: ['a', 'b'] });
const run = (script: string, input: Partial<TScriptInput> = {}) =>
  runScript(sandbox, script, { ...base, ...input }, body);

describe('the script sandbox', () => {
  it('reports each test, with readable assertion messages', async () => {
    const r = await run(`
      pm.test('status is 200', () => pm.response.to.have.status(200));
      pm.test('name', () => pm.expect(pm.response.json().name).to.equal('Bob'));
      pm.test('has tags', () => pm.expect(pm.response.json()).to.have.property('tags').that.include('b'));
      pm.test('type', () => pm.expect(pm.response.json().id).to.be.a('string'));
      pm.test('not', () => pm.expect([1, 2]).to.not.eql([1, 2]));
      pm.test('deep', () => pm.expect({ a: [1, { b: 2 }] }).to.eql({ a: [1, { b: 2 }] }));
      pm.test('numbers', () => { pm.expect(pm.response.responseTime).to.be.below(100).and.above(1); });
      pm.test('header', () => pm.expect(pm.response.headers.get('content-type')).to.include('json'));
      pm.test('flags', () => { pm.expect(true).to.be.true; pm.expect(null).to.be.null; pm.expect(undefined).to.be.undefined; pm.expect(0).to.not.be.ok; });
      pm.test('thrown', () => { throw new Error('boom'); });
    `);
    expect(r.error).toBeUndefined();
    expect(r.output?.tests).toEqual([
      { name: 'status is 200', passed: true },
      { name: 'name', passed: false, error: "expected 'Ann' to equal 'Bob'" },
      { name: 'has tags', passed: true },
      { name: 'type', passed: false, error: 'expected 7 to be a string' },
      { name: 'not', passed: false, error: 'expected [1,2] to not deeply equal [1,2]' },
      { name: 'deep', passed: true },
      { name: 'numbers', passed: true },
      { name: 'header', passed: true },
      { name: 'flags', passed: true },
      { name: 'thrown', passed: false, error: 'boom' },
    ]);
  });

  it("reads and changes variables through pm, and reports the environment's net change", async () => {
    const r = await run(
      `
      pm.environment.set('token', 'Ann-token');
      pm.environment.set('count', 3);
      pm.environment.unset('host');
      pm.variables.set('local', 'x');
      console.log(pm.variables.get('host'), pm.variables.get('local'), pm.collectionVariables.get('version'));
      console.log(pm.variables.replaceIn('{{version}}/{{local}}/{{nope}}'), { a: 1 });
      pm.request.headers.upsert({ key: 'X-Trace', value: 'on' });
      `,
      { phase: 'prerequest', response: undefined },
    );
    expect(r.error).toBeUndefined();
    expect(r.output?.environment).toEqual({
      set: { token: 'Ann-token', count: '3' },
      unset: ['host'],
    });
    expect(r.output?.local).toEqual({ local: 'x' });
    expect(r.output?.logs).toEqual(['collection.example.com x v2', 'v2/x/{{nope}} {"a":1}']);
    expect(r.output?.request.headers).toContainEqual({ key: 'X-Trace', value: 'on' });
  });

  it('a pre-request script may change the URL, method and headers', async () => {
    const r = await run(
      `pm.request.url = pm.request.url + '?page=2'; pm.request.method = 'POST';
       pm.request.headers.remove('accept'); pm.request.headers.add({ key: 'X-A', value: 1 });`,
      { phase: 'prerequest', response: undefined },
    );
    expect(r.output?.request).toMatchObject({
      method: 'POST',
      url: 'https://{{host}}/users?page=2',
      headers: [{ key: 'X-A', value: '1' }],
    });
  });

  it('stops an endless loop at the time limit, keeping what was reported before', async () => {
    const started = Date.now();
    const r = await run(`pm.test('before', () => {}); console.log('looping'); while (true) {}`);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(r.error).toBe('The script ran longer than 500 ms and was stopped.');
    expect(r.output?.tests).toEqual([{ name: 'before', passed: true }]);
    expect(r.output?.logs).toEqual(['looping']);
  });

  it('stops a memory bomb at the heap limit (or, growing slowly, at the time limit)', async () => {
    const big = await run(`pm.test('before', () => {}); const s = 'x'.repeat(64 * 1024 * 1024);`);
    expect(big.error).toBe('The script used more than 32 MiB of memory and was stopped.');
    expect(big.output?.tests).toEqual([{ name: 'before', passed: true }]);
    const buffer = await run(`new ArrayBuffer(64 * 1024 * 1024);`);
    expect(buffer.error).toMatch(/memory/);
    const growing = await run(`const a = []; for (;;) a.push({ n: a.length, s: 'x' + a.length });`);
    expect(growing.error).toMatch(/more than 32 MiB of memory|longer than 500 ms/);
    const doubling = await run(`let s = 'x'; for (;;) s += s;`);
    expect(doubling.error).toMatch(/InternalError|memory/);
  });

  it('survives deep recursion and hostile input', async () => {
    const r = await run(`function f() { return f() + 1; } f();`);
    expect(r.error).toMatch(/stack overflow/);
    const deep = await run(`JSON.parse('['.repeat(200000));`);
    expect(deep.error).toBeDefined();
    // The sandbox still answers afterwards.
    const after = await run(`pm.test('ok', () => {});`);
    expect(after.output?.tests).toEqual([{ name: 'ok', passed: true }]);
  });

  it('has no process, require, fetch, timers or file access', async () => {
    const r = await run(`
      console.log(typeof process, typeof require, typeof globalThis.fetch, typeof setTimeout,
        typeof XMLHttpRequest, typeof WebAssembly, typeof std, typeof os);
      try { pm.sendRequest('http://x'); } catch (e) { console.log(e.message); }
    `);
    expect(r.output?.logs).toEqual([
      'undefined undefined undefined undefined undefined undefined undefined undefined',
      'pm.sendRequest is not available: scripts have no network access.',
    ]);
  });

  it('reports a syntax or runtime error with its line', async () => {
    const r = await run(`pm.test('a', () => {});\nlet = = 1;`);
    expect(r.error).toMatch(/^SyntaxError: .*\(line 2\)$/);
    const t = await run(`\n\nconst x = undefined;\nx.y;`);
    expect(t.error).toBe("TypeError: cannot read property 'y' of undefined (line 4)");
  });

  it('an async test resolves before results are read', async () => {
    const r = await run(`
      pm.test('async ok', async () => { await Promise.resolve(1); });
      pm.test('async fails', () => Promise.reject(new Error('later')));
    `);
    expect(r.output?.tests).toEqual([
      { name: 'async ok', passed: true },
      { name: 'async fails', passed: false, error: 'later' },
    ]);
  });

  it('caps what a script logs', async () => {
    const r = await run(`for (let i = 0; i < 1000; i++) console.log('x'.repeat(5000));`);
    expect(r.output?.logs).toHaveLength(201);
    expect(r.output?.logs[0]).toHaveLength(2001);
  });
});
