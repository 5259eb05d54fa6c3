import { describe, expect, it } from 'vitest';
import { ZEnvVariable } from '@stratum/core/api-client/model';
import {
  applyChanges,
  mergeVariables,
  valuesOf,
  type EnvironmentState,
} from './environments-variables';

const input = (rows: Record<string, unknown>[]) => rows.map((r) => ZEnvVariable.parse(r));

const stored: EnvironmentState = mergeVariables(
  input([
    { key: 'host', value: 'api.test' },
    { key: 'token', value: 's3cret', secret: true },
    { key: 'off', value: 'x', enabled: false },
  ]),
  { variables: [], secrets: {} },
);

describe('environment variables', () => {
  it('keeps secret values apart, blank in the list', () => {
    expect(stored.variables).toEqual([
      { key: 'host', value: 'api.test', secret: false, enabled: true, hasValue: true },
      { key: 'token', value: '', secret: true, enabled: true, hasValue: true },
      { key: 'off', value: 'x', secret: false, enabled: false, hasValue: true },
    ]);
    expect(stored.secrets).toEqual({ token: 's3cret' });
  });

  it('keeps the stored value for value null, takes a new one otherwise', () => {
    const next = mergeVariables(
      input([
        { key: 'token', value: null, secret: true },
        { key: 'host', value: 'other.test' },
        { key: 'fresh', value: null, secret: true },
      ]),
      stored,
    );
    expect(valuesOf(next)).toEqual(
      new Map([
        ['token', 's3cret'],
        ['host', 'other.test'],
      ]),
    );
    expect(next.variables.find((v) => v.key === 'fresh')).toMatchObject({ hasValue: false });
    // Removed from the list, removed from the secrets.
    expect(mergeVariables([], stored)).toEqual({ variables: [], secrets: {} });
  });

  it('moves a value between plain and secret when the flag changes', () => {
    const flipped = mergeVariables(
      input([
        { key: 'host', value: null, secret: true },
        { key: 'token', value: null, secret: false },
      ]),
      stored,
    );
    expect(flipped.secrets).toEqual({ host: 'api.test' });
    expect(flipped.variables[1]).toMatchObject({ key: 'token', value: 's3cret', secret: false });
  });

  it("applies scripts' changes: a secret stays secret, new names are plain, set beats unset", () => {
    const next = applyChanges(stored, {
      set: { token: 'rotated', added: '1', off: 'y' },
      unset: ['host', 'added', 'missing'],
    });
    expect(next.variables.map((v) => [v.key, v.secret, v.enabled])).toEqual([
      ['token', true, true],
      ['off', false, false],
      ['added', false, true],
    ]);
    expect(next.secrets).toEqual({ token: 'rotated' });
    expect(valuesOf(next).get('off')).toBe('y');
  });

  it('refuses what cannot be stored', () => {
    expect(() => applyChanges(stored, { set: { ' ': 'x' }, unset: [] })).toThrow(/cannot be named/);
    expect(() => applyChanges(stored, { set: { a: 'x\u0000' }, unset: [] })).toThrow(/NUL/);
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'v']));
    expect(() => applyChanges(stored, { set: many, unset: [] })).toThrow(/at most 500 variables/);
  });
});
