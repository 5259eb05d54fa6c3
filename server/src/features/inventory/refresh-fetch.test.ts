import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { azureSharedKey, locationOf, urlOf } from './refresh-fetch';

describe('state backends', () => {
  it('names each backend without credentials, and reads it from the provider’s own endpoint', () => {
    const key = 'env/prod/terraform.tfstate';
    expect(locationOf('s3', { bucket: 'tf-state', key, region: 'eu-west-1' })).toBe(
      's3://tf-state/env/prod/terraform.tfstate',
    );
    expect(urlOf('s3', { bucket: 'tf-state', key, region: 'eu-west-1' }).toString()).toBe(
      'https://s3.eu-west-1.amazonaws.com/tf-state/env/prod/terraform.tfstate',
    );
    expect(locationOf('azureblob', { bucket: 'acct', container: 'tfstate', key })).toBe(
      'azblob://acct/tfstate/env/prod/terraform.tfstate',
    );
    expect(urlOf('azureblob', { bucket: 'acct', container: 'tfstate', key }).toString()).toBe(
      'https://acct.blob.core.windows.net/tfstate/env/prod/terraform.tfstate',
    );
    // GCS's JSON API takes the object name as one path segment.
    expect(urlOf('gcs', { bucket: 'tf', key }).toString()).toBe(
      'https://storage.googleapis.com/storage/v1/b/tf/o/env%2Fprod%2Fterraform.tfstate?alt=media',
    );
    expect(locationOf('gcs', { bucket: 'tf', key })).toBe('gs://tf/env/prod/terraform.tfstate');
  });

  it('signs an Azure Blob GET with Shared Key over the canonical headers and resource', () => {
    const accountKey = Buffer.from('not-a-real-account-key-0123456789').toString('base64');
    const url = new URL('https://acct.blob.core.windows.net/tfstate/prod.tfstate?Comp=x');
    const at = new Date('2026-11-29T09:00:00Z');
    const headers = azureSharedKey(url, accountKey, at);
    const expected =
      'GET\n\n\n\n\n\n\n\n\n\n\n\n' +
      'x-ms-date:Sun, 29 Nov 2026 09:00:00 GMT\nx-ms-version:2023-11-03\n' +
      '/acct/tfstate/prod.tfstate\ncomp:x';
    const signature = createHmac('sha256', Buffer.from(accountKey, 'base64'))
      .update(expected, 'utf8')
      .digest('base64');
    expect(headers).toEqual({
      'x-ms-date': 'Sun, 29 Nov 2026 09:00:00 GMT',
      'x-ms-version': '2023-11-03',
      authorization: `SharedKey acct:${signature}`,
    });
  });
});
