import type { FastifyInstance } from 'fastify';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '@stratum/core/contract/common';
import { AppError } from './errors';

/** Deepest JSON nesting a body may have; the deepest real one (a planner state) is about 8. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text`, read as JSON, nests arrays and objects deeper than `max`. One pass over the
 * raw text, brackets inside strings not counted, so hostile nesting is refused before anything
 * recursive (the parser, zod, pg's serialiser) walks it.
 */
export function isNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (isInString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) isInString = false;
    } else if (c === 0x22) {
      isInString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The path of the first string (value or key) in `value` that PostgreSQL cannot store, e.g.
 * `metadata.a`; undefined when there is none. `value` is at most MAX_JSON_DEPTH deep.
 */
export function findUnstorableText(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnstorableText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key.replace(/[^\x20-\x7e]/g, '?')];
    const found = findUnstorableText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

function invalid(path: string, message: string): AppError {
  return new AppError('request/invalid', message, { issues: [{ path, message }] });
}

/**
 * The one input layer in front of every route's schema: JSON bodies are refused past
 * MAX_JSON_DEPTH before they are parsed, and no body, query or path parameter may carry text
 * PostgreSQL cannot store (docs/decisions/0008-one-input-layer.md).
 */
export function registerInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      const message = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
      done(invalid('', message), undefined);
      return;
    }
    // The default parser (secure-json-parse: __proto__ refused) answers through `done`.
    void parseJson(request, text, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const parts = { params: request.params, query: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const found = findUnstorableText(value);
      if (found) {
        const field = found.join('.');
        const where = field === '' ? `The request ${part}` : `The field "${field}"`;
        done(invalid(field, `${where} ${UNSTORABLE_TEXT_MESSAGE}`));
        return;
      }
    }
    done();
  });
}
