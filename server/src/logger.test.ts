import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createLogger } from './logger';

it('redacts tokens, passwords and codes from log lines', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const redacting = createLogger('info', sink);
  redacting.info(
    {
      req: { headers: { authorization: 'Bearer abc.def.ghi' } },
      body: { password: 'Hunter2!x', code: '123456' },
    },
    'request',
  );
  const line = lines.join('');
  expect(line).not.toContain('abc.def.ghi');
  expect(line).not.toContain('Hunter2!x');
  expect(line).not.toContain('123456');
  expect(line).toContain('[redacted]');
});
