import { describe, expect, it } from 'vitest';
import { explainClaims, tokenTiming } from './claims';
import { formatDuration, formatUtc, relativeTime } from './time';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const s = (ms: number) => Math.floor(ms / 1000);

describe('time wording', () => {
  it.each([
    [0, 'less than a second'],
    [45_000, '45 seconds'],
    [5 * 60_000, '5 minutes'],
    [(2 * 3600 + 3 * 60 + 10) * 1000, '2 hours 3 minutes'],
    [(2 * 3600 + 10) * 1000, '2 hours'],
    [(3 * 86400 + 4 * 3600) * 1000, '3 days 4 hours'],
    [366 * 86400 * 1000, '1 year 1 day'],
  ])('%i ms is %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
    expect(formatDuration(-ms)).toBe(text);
  });

  it('says ago or in, and formats NumericDates in UTC', () => {
    expect(relativeTime(NOW - 90_000, NOW)).toBe('1 minute 30 seconds ago');
    expect(relativeTime(NOW + 3_600_000, NOW)).toBe('in 1 hour');
    expect(formatUtc(s(NOW))).toBe('2026-11-22 12:00:00 UTC');
  });
});

describe('tokenTiming', () => {
  it.each([
    [{ exp: s(NOW - 5 * 60_000) }, 'expired', 'Expired 5 minutes ago'],
    [{ exp: s(NOW + 2 * 3_600_000 + 3 * 60_000) }, 'valid', 'Valid for 2 hours 3 minutes'],
    [
      { exp: s(NOW + 3_600_000), nbf: s(NOW + 60_000) },
      'not_yet_valid',
      'Not valid yet: usable in 1 minute',
    ],
    [{ sub: 'x' }, 'no_expiry', 'No expiry: the token has no exp claim'],
    [{ exp: '1700000000' }, 'bad_times', 'exp or nbf is not a number of seconds'],
  ])('%j is %s', (payload, status, summary) => {
    expect(tokenTiming(payload, NOW)).toEqual({ status, summary });
  });

  it('is expired at the exact second of exp', () => {
    expect(tokenTiming({ exp: s(NOW) }, NOW).status).toBe('expired');
  });
});

describe('explainClaims', () => {
  it('explains the registered claims in RFC order, with human times', () => {
    const claims = explainClaims(
      {
        jti: 'id-1',
        exp: s(NOW - 5 * 60_000),
        iat: s(NOW - 3_600_000),
        aud: ['api', 'web'],
        iss: 'https://login.example.com',
        sub: 'user-42',
        nbf: s(NOW - 3_600_000),
        custom: true,
      },
      NOW,
    );
    expect(claims.map((c) => [c.claim, c.name, c.display, c.note, c.tone])).toEqual([
      ['iss', 'Issuer', 'https://login.example.com', undefined, 'neutral'],
      ['sub', 'Subject', 'user-42', undefined, 'neutral'],
      ['aud', 'Audience', 'api, web', undefined, 'neutral'],
      ['exp', 'Expiration time', '2026-11-22 11:55:00 UTC', 'expired 5 minutes ago', 'error'],
      ['nbf', 'Not before', '2026-11-22 11:00:00 UTC', 'valid since 1 hour ago', 'ok'],
      ['iat', 'Issued at', '2026-11-22 11:00:00 UTC', '1 hour ago', 'neutral'],
      ['jti', 'JWT ID', 'id-1', undefined, 'neutral'],
    ]);
    expect(claims[3]?.timeMs).toBe(NOW - 5 * 60_000);
  });

  it('flags times that are not numbers or look like milliseconds', () => {
    const claims = explainClaims({ exp: NOW, iat: 'yesterday', scope: 'read write' }, NOW);
    expect(claims.map((c) => [c.claim, c.tone, c.note])).toEqual([
      ['exp', 'warning', 'looks like milliseconds; JWT times are in seconds'],
      ['iat', 'error', 'not a NumericDate (seconds since 1970)'],
      ['scope', 'neutral', undefined],
    ]);
  });

  it('says when a token was issued in the future', () => {
    const [iat] = explainClaims({ iat: s(NOW + 600_000) }, NOW);
    expect(iat).toMatchObject({ tone: 'warning', note: 'in 10 minutes, in the future' });
  });
});
