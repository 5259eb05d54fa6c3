import { isStorableText } from '@stratum/core/contract/common';

/**
 * PostgreSQL stores no NUL character and no lone surrogate, in text or jsonb; a state may hold
 * either inside an attribute. Each becomes U+FFFD, keys too, so an import never fails on them.
 */
export function storable<T>(value: T): T {
  return clean(value, 0) as T;
}

const clean = (value: unknown, depth: number): unknown => {
  if (typeof value === 'string') return cleanText(value);
  if (typeof value !== 'object' || value === null || depth > 256) return value;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[cleanText(k)] = clean(v, depth + 1);
  return out;
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const cleanText = (text: string) =>
  isStorableText(text)
    ? text
    : text.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
