import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isListedKey, STORED_KEYS } from './storage-keys';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // The app's code, not the component tests' set-up (test/), which empties storage.
    if (entry.isDirectory()) return path === join(SRC, 'test') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({
  path: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));

describe('the list of stored keys', () => {
  it('is the only way to browser storage: nothing else touches localStorage or sessionStorage', () => {
    const direct = files
      .filter(({ text }) => /\b(?:localStorage|sessionStorage)\s*[.[]/.test(text))
      .map(({ path }) => path);
    expect(direct).toEqual(['lib/storage.ts']);
  });

  it('has every key the source reads or writes by name', () => {
    const call = /\b(read|write)(String|Json|SessionString)\(\s*(['"`])([^'"`$]+)\3/g;
    const unlisted = files.flatMap(({ path, text }) =>
      [...text.matchAll(call)]
        .filter(
          (m) => !isListedKey(m[4]!, m[2] === 'SessionString' ? 'sessionStorage' : 'localStorage'),
        )
        .map((m) => `${path}: ${m[4]}`),
    );
    expect(unlisted).toEqual([]);
  });

  it('lists no key the code does not use', () => {
    const storage = files.find((f) => f.path === 'lib/storage.ts')!.text;
    for (const { key } of STORED_KEYS) expect(storage).toContain(`listed('${key}')`);
  });

  it('says for each key what it holds and until when', () => {
    expect(new Set(STORED_KEYS.map((e) => e.key)).size).toBe(STORED_KEYS.length);
    for (const entry of STORED_KEYS) {
      expect(entry.holds.length).toBeGreaterThan(10);
      expect(entry.keptUntil.length).toBeGreaterThan(5);
    }
    expect(isListedKey('dismissed_notices_u1', 'localStorage')).toBe(true);
    expect(isListedKey('auth_token', 'sessionStorage')).toBe(false);
    expect(isListedKey('tracking_id', 'localStorage')).toBe(false);
  });
});
