import { describe, expect, it } from 'vitest';
import { CURL_MAX_CHARS, importCurl } from './import-curl';

describe('curl → request', () => {
  it('reads a JSON POST with quoting, line continuations and a shell variable', () => {
    const { request, warnings } = importCurl(
      `curl -X POST 'https://api.example.com/v1/users?page=2&q' \\\n  -H 'Content-Type: application/json' \\\n  -H "Authorization: Bearer $TOKEN" \\\n  --data-raw '{"name": "Ada"}' --max-time 5`,
    );
    expect(request).toMatchObject({
      method: 'POST',
      url: 'https://api.example.com/v1/users?page=2&q',
      params: [
        { key: 'page', value: '2', enabled: true },
        { key: 'q', value: '', enabled: true },
      ],
      headers: [
        { key: 'Content-Type', value: 'application/json', enabled: true },
        { key: 'Authorization', value: 'Bearer {{TOKEN}}', enabled: true },
      ],
      body: { mode: 'json', text: '{"name": "Ada"}' },
      auth: { type: 'none' },
      settings: { timeoutMs: 5000 },
    });
    expect(warnings).toEqual(['The shell variable $TOKEN became {{TOKEN}}']);
  });

  it('maps -u to basic, --digest to digest and --aws-sigv4 to AWS Signature v4', () => {
    expect(importCurl('curl -u bob:pw https://x.test').request.auth).toEqual({
      type: 'basic',
      username: 'bob',
      password: 'pw',
    });
    expect(importCurl('curl --digest -u bob:pw https://x.test').request.auth.type).toBe('digest');
    expect(
      importCurl('curl --aws-sigv4 "aws:amz:eu-west-1:s3" -u AK:SK https://s3.amazonaws.com/b')
        .request.auth,
    ).toEqual({
      type: 'awsv4',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      sessionToken: '',
      region: 'eu-west-1',
      service: 's3',
    });
  });

  it('turns -d key=value pairs into form fields, -G into the query and -F into parts', () => {
    const form = importCurl(`curl https://x.test/f -d 'a=b%20c' --data-urlencode 'd=e f'`);
    expect(form.request.body).toEqual({
      mode: 'form',
      fields: [
        { key: 'a', value: 'b c', enabled: true },
        { key: 'd', value: 'e f', enabled: true },
      ],
    });
    expect(importCurl('curl -G https://x.test/s -d q=1').request).toMatchObject({
      method: 'GET',
      url: 'https://x.test/s?q=1',
      body: { mode: 'none' },
    });
    const upload = importCurl(
      `curl -F 'file=@/tmp/a.png;type=image/png' -F note=hi https://x.test/u`,
    );
    expect(upload.request.body).toEqual({
      mode: 'multipart',
      parts: [
        {
          kind: 'file',
          key: 'file',
          fileName: 'a.png',
          contentType: 'image/png',
          dataBase64: '',
          enabled: true,
        },
        { kind: 'text', key: 'note', value: 'hi', enabled: true },
      ],
    });
    expect(upload.warnings).toEqual(['Choose the file /tmp/a.png for form part file again']);
  });

  it('keeps a body it cannot split as raw text, and says what it left out', () => {
    const { request, warnings } = importCurl(
      `curl -k https://x.test -H 'Content-Type: text/csv' --data-binary $'a,b\\n1,2'; curl https://y.test`,
    );
    expect(request.body).toEqual({ mode: 'raw', text: 'a,b\n1,2', contentType: 'text/csv' });
    expect(warnings).toEqual([
      'Only the first request of the command was imported',
      '-k is not a supported option',
    ]);
    const file = importCurl(
      'curl https://x.test -d @body.json -H "content-type: application/json"',
    );
    expect(file.request.body).toEqual({ mode: 'json', text: '' });
    expect(file.warnings).toContain('The body is read from the file body.json; paste its contents');
  });

  it("reads a command up to the parser's length and refuses a longer one clearly", () => {
    const command = (n: number) => `curl https://x.test --data-raw '${'x'.repeat(n)}'`;
    const longest = command(CURL_MAX_CHARS - command(0).length);
    // -d sends it urlencoded: one long field name.
    expect(importCurl(longest).request.body).toMatchObject({ mode: 'form' });
    expect(() => importCurl(`${longest}x`)).toThrow(
      /^curl command: it is longer than 32767 characters; paste a large body into the editor instead$/,
    );
  });

  it.each([
    ['ls -la', /^curl command: command should begin with "curl"/],
    ['curl -H "A: b"', /^curl command: no URL specified!/],
  ])('refuses %s with a clear message', (text, message) => {
    expect(() => importCurl(text)).toThrow(message);
  });
});
