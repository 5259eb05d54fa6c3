import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, toCheckBody } from './check-form-model';

describe('the check form', () => {
  it('turns an HTTP form into the contract body, headers one a line', () => {
    const built = toCheckBody(
      {
        ...EMPTY_FORM,
        name: 'Shop',
        url: 'https://shop.example.com/health',
        headers: 'Authorization: Bearer abc\n\nX-Env: prod',
        jsonPath: '$.status',
        expectedValue: 'ok',
      },
      false,
    );
    expect(built).toMatchObject({
      body: {
        name: 'Shop',
        target: {
          kind: 'http',
          headers: [
            { name: 'Authorization', value: 'Bearer abc' },
            { name: 'X-Env', value: 'prod' },
          ],
          jsonPath: '$.status',
          expectedValue: 'ok',
          keyword: null,
        },
        intervalSeconds: 60,
        webhookSecret: null,
      },
    });
  });

  it('puts the contract’s messages at the fields they concern', () => {
    const built = toCheckBody(
      { ...EMPTY_FORM, name: '', url: 'ftp://x', intervalSeconds: '10', expectedStatus: '2xx' },
      false,
    );
    expect(built).toEqual({
      errors: {
        name: 'Give the check a name',
        url: 'The URL must start with http:// or https://',
        expectedStatus: '"2xx" is not a status code (100-599) or a range like 200-299',
        intervalSeconds: 'The interval is at least 30 seconds',
        timeoutSeconds: 'The timeout must be shorter than the interval',
      },
    });
    expect(toCheckBody({ ...EMPTY_FORM, headers: 'no colon here' }, false)).toEqual({
      errors: { headers: 'Write each header as Name: value ("no colon here")' },
    });
    expect(
      toCheckBody({ ...EMPTY_FORM, kind: 'tcp', name: 'db', host: 'db.internal', port: '' }, false),
    ).toMatchObject({
      errors: { port: expect.any(String) },
    });
  });

  it('keeps the stored webhook secret when an edit leaves it blank', () => {
    const built = toCheckBody({ ...EMPTY_FORM, name: 'x', url: 'https://a.example' }, true);
    expect('body' in built && 'webhookSecret' in built.body).toBe(false);
  });
});
