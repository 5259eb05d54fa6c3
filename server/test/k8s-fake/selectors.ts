/** A list or watch request's label and field selectors, parsed once; errors become 400s. */
import { checkFieldLabels, matchesFields, parseFieldSelector } from './field-selector';
import type { KindInfo } from './kinds';
import { matchesLabels, parseLabelSelector, SelectorError } from './label-selector';
import { errors } from './status';
import type { KubeObject } from './store';

export interface Predicate {
  /** No label or field selector (remainingItemCount is only given then). */
  empty: boolean;
  matches(object: KubeObject): boolean;
}

export function predicateFrom(info: KindInfo, query: URLSearchParams): Predicate {
  const labelText = query.get('labelSelector') ?? '';
  const fieldText = query.get('fieldSelector') ?? '';
  try {
    const labels = parseLabelSelector(labelText);
    const fields = checkFieldLabels(info, parseFieldSelector(fieldText));
    return {
      empty: labels.length === 0 && fields.length === 0,
      matches: (object) =>
        matchesLabels(labels, object.metadata.labels) && matchesFields(info, fields, object),
    };
  } catch (error) {
    if (error instanceof SelectorError) {
      // Label parse errors read "unable to parse requirement: …" when a key or value is invalid.
      const text = /^(key|values\[)/.test(error.message)
        ? `unable to parse requirement: ${error.message}`
        : error.message;
      throw errors.badRequest(text);
    }
    throw error;
  }
}
