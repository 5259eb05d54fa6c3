import { describe, expect, it } from 'vitest';
import { signAwsV4 } from './auth-awsv4';

// The AWS Signature Version 4 test suite's credentials, scope and time.
const auth = {
  type: 'awsv4' as const,
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: '',
  region: 'us-east-1',
  service: 'service',
};
const at = new Date('2015-08-30T12:36:00Z');

describe('AWS Signature v4', () => {
  it("signs the test suite's get-vanilla request to its published signature", async () => {
    const signed = await signAwsV4(
      { method: 'GET', url: 'https://example.amazonaws.com/', headers: {} },
      auth,
      at,
    );
    expect(signed.headers).toEqual({
      'x-amz-date': '20150830T123600Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    });
  });

  it('signs get-vanilla-query-order-key-case (query sorted by the signer)', async () => {
    const signed = await signAwsV4(
      {
        method: 'GET',
        url: 'https://example.amazonaws.com/?Param2=value2&Param1=value1',
        headers: {},
      },
      auth,
      at,
    );
    expect(signed.headers.authorization).toContain(
      'Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
    );
  });

  it('adds the session token and, for S3, the payload hash', async () => {
    const signed = await signAwsV4(
      {
        method: 'PUT',
        url: 'https://b.s3.amazonaws.com/k',
        headers: {},
        body: 'hi',
        bodyEncoding: 'utf8',
      },
      { ...auth, service: 's3', sessionToken: 'TOKEN' },
      at,
    );
    expect(signed.headers['x-amz-security-token']).toBe('TOKEN');
    expect(signed.headers['x-amz-content-sha256']).toBe(
      '8f434346648f6b96df89dda901c5176b10a6d83961dd3c1ac88b59b2dc327aa4',
    );
    expect(signed.headers.authorization).toMatch(
      /SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,/,
    );
  });
});
