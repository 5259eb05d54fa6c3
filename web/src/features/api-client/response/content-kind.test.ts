import { describe, expect, it } from 'vitest';
import { bodyViewOf } from './content-kind';

describe('the response body renderer', () => {
  it('follows the Content-Type', () => {
    expect(bodyViewOf('application/json; charset=utf-8', '{}', 'utf8').kind).toBe('json');
    expect(bodyViewOf('application/problem+json', '{}', 'utf8').kind).toBe('json');
    expect(bodyViewOf('text/html', '<p>', 'utf8').kind).toBe('html');
    expect(bodyViewOf('application/atom+xml', '<feed/>', 'utf8').kind).toBe('xml');
    expect(bodyViewOf('image/png', 'iVBOR', 'base64').kind).toBe('image');
    expect(bodyViewOf('image/svg+xml', '<svg/>', 'utf8').kind).toBe('image');
    expect(bodyViewOf('text/csv', 'a,b', 'utf8').kind).toBe('text');
    expect(bodyViewOf('application/pdf', 'JVBER', 'base64').kind).toBe('binary');
  });

  it('sniffs when the server named no type', () => {
    expect(bodyViewOf('', ' {"a": 1}', 'utf8').kind).toBe('json');
    expect(bodyViewOf('', '<!DOCTYPE html><html>', 'utf8').kind).toBe('html');
    expect(bodyViewOf('', 'plain words', 'utf8').kind).toBe('text');
    expect(bodyViewOf('application/octet-stream', 'AAEC', 'base64').kind).toBe('binary');
  });
});
