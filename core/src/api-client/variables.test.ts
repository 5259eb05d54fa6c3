import { describe, expect, it } from 'vitest';
import { scopeOf, substitute, variablesIn } from './variables';

describe('{{variables}}', () => {
  const run = new Map([['token', 'from-script']]);
  const env = scopeOf([
    { key: 'host', value: 'api.example.com' },
    { key: 'token', value: 'from-env' },
    { key: 'off', value: 'x', enabled: false },
  ]);
  const collection = new Map([
    ['host', 'collection.example.com'],
    ['version', 'v2'],
  ]);

  it('takes the innermost scope that defines a name', () => {
    const r = substitute('https://{{host}}/{{ version }}?t={{token}}', [run, env, collection]);
    expect(r).toEqual({ text: 'https://api.example.com/v2?t=from-script', missing: [] });
  });

  it('leaves undefined and disabled names as written and reports each once', () => {
    const r = substitute('{{off}}/{{nope}}/{{nope}}', [env]);
    expect(r).toEqual({ text: '{{off}}/{{nope}}/{{nope}}', missing: ['off', 'nope'] });
  });

  it('does not substitute inside a substituted value', () => {
    const r = substitute('{{a}}', [
      new Map([
        ['a', '{{b}}'],
        ['b', 'loop'],
      ]),
    ]);
    expect(r.text).toBe('{{b}}');
  });

  it('lists the names a text uses', () => {
    expect(variablesIn('{{a}} {{ b }} {{a}} {{}} {{c\nd}}')).toEqual(['a', 'b']);
  });
});
