import { describe, expect, it } from 'vitest';
import { looksBinary, MAX_TEXT_FILE_BYTES, readTextFile } from './read-text-file';

describe('readTextFile', () => {
  it('reads UTF-8 text', async () => {
    const file = new File(['résumé\n日本\n'], 'notes.txt');
    expect(await readTextFile(file)).toEqual({ ok: true, text: 'résumé\n日本\n' });
  });

  it('refuses binaries (a NUL byte early on), as git and diff do', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(looksBinary(png)).toBe(true);
    expect(await readTextFile(new File([png], 'logo.png'))).toEqual({
      ok: false,
      message: 'logo.png looks like a binary file; only text can be compared',
    });
  });

  it('refuses files over the limit before reading them', async () => {
    const big = new File([new Uint8Array(MAX_TEXT_FILE_BYTES + 5 * 1024 * 1024)], 'dump.sql');
    expect(await readTextFile(big)).toEqual({
      ok: false,
      message: 'dump.sql is 25 MB; files up to 20 MB can be compared',
    });
  });
});
