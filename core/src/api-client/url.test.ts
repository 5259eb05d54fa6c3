import { describe, expect, it } from 'vitest';
import { paramsFromUrl, urlWithParams } from './url';

const row = (key: string, value: string, enabled = true) => ({ key, value, enabled });

describe('URL bar and params table', () => {
  it('reads the query as rows, keeping {{variables}} and encoding as typed', () => {
    expect(paramsFromUrl('{{base}}/users?page={{page}}&q=a%20b&flag#top')).toEqual([
      row('page', '{{page}}'),
      row('q', 'a%20b'),
      row('flag', ''),
    ]);
  });

  it('keeps disabled rows in place when the URL changes', () => {
    const previous = [row('a', '1'), row('off', 'x', false), row('b', '2')];
    expect(paramsFromUrl('https://h/p?a=9&b=2&c=3', previous)).toEqual([
      row('a', '9'),
      row('off', 'x', false),
      row('b', '2'),
      row('c', '3'),
    ]);
  });

  it('writes enabled rows back into the URL, keeping the fragment', () => {
    expect(
      urlWithParams('https://h/p?old=1#frag', [row('a', '1'), row('x', 'y', false), row('f', '')]),
    ).toBe('https://h/p?a=1&f#frag');
    expect(urlWithParams('https://h/p?old=1', [])).toBe('https://h/p');
  });

  it('round-trips a URL through the table', () => {
    const url = '{{host}}/v1/items?limit=10&sort=-created&tag=a&tag=b';
    expect(urlWithParams(url, paramsFromUrl(url))).toBe(url);
  });
});
