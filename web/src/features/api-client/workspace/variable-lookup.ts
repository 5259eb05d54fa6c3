import type { TCollectionDoc } from '@stratum/core/api-client/model';
import type { TEnvironment } from '../api/environments';
import type { TVariableLookup } from '../editor/variable-spans';

/**
 * What a `{{name}}` is for the URL bar: the environment wins over the collection, as when the
 * request runs (a script may still set it then). Secret values are never in the browser.
 */
export function variableLookup(
  environment: TEnvironment | null,
  collection: TCollectionDoc | null,
): TVariableLookup {
  return (name) => {
    const env = environment?.variables.find((v) => v.enabled && v.key.trim() === name);
    if (env && environment) {
      if (env.secret) return { state: 'secret', source: environment.name };
      return { state: 'resolved', value: env.value, source: environment.name };
    }
    const own = collection?.variables.filter((v) => v.enabled && v.key.trim() === name).at(-1);
    if (own && collection) return { state: 'resolved', value: own.value, source: collection.name };
    return { state: 'missing' };
  };
}
