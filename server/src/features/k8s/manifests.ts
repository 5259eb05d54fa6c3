import { parseAllDocuments } from 'yaml';
import { AppError } from '../../lib/errors';
import { schemaProblems } from './manifest-schema';

export interface Manifest {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
  /** The document as written (managedFields removed), sent to the cluster as it is. */
  object: Record<string, unknown>;
}

/** More documents than this in one apply is refused (a whole Helm chart fits). */
export const MAX_DOCUMENTS = 200;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const unreadable = (message: string) => new AppError('k8s/manifest_invalid', `Apply failed (400): ${message}`);

/**
 * Reads multi-document YAML (or JSON) for apply and checks every document before anything is
 * sent: the shape every object needs, then, for built-in kinds, the Kubernetes schema — wrong
 * types, missing required fields and unknown (misspelt) fields are reported, never dropped.
 */
export async function readManifests(text: string): Promise<Manifest[]> {
  const docs = parseAllDocuments(text, { schema: 'core', merge: false, uniqueKeys: true, prettyErrors: false });
  if (!Array.isArray(docs)) throw unreadable('there is nothing to apply');
  const manifests: Manifest[] = [];
  for (const [i, doc] of docs.entries()) {
    const where = `document ${i + 1}`;
    const error = doc.errors[0];
    if (error) throw unreadable(`${where} is not valid YAML: ${error.message.split('\n')[0]}`);
    if (doc.warnings.some((w) => w.code === 'TAG_RESOLVE_FAILED')) {
      throw unreadable(`${where} uses a YAML tag Stratum does not read`);
    }
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      throw unreadable(`${where} could not be read: ${(e as Error).message}`);
    }
    if (value === null || value === undefined) continue; // an empty document, e.g. a trailing ---
    manifests.push(toManifest(value, where));
  }
  if (manifests.length === 0) throw unreadable('there is nothing to apply');
  if (manifests.length > MAX_DOCUMENTS) {
    throw unreadable(`at most ${MAX_DOCUMENTS} documents can be applied at once`);
  }
  for (const manifest of manifests) {
    const problems = await schemaProblems(manifest.apiVersion, manifest.kind, manifest.object);
    if (problems.length > 0) {
      throw new AppError(
        'k8s/invalid',
        `Apply failed (422): ${manifest.kind} "${manifest.name}" is invalid: ${problems.slice(0, 10).join('; ')}`,
      );
    }
  }
  return manifests;
}

function toManifest(value: unknown, where: string): Manifest {
  if (!isObject(value)) throw unreadable(`${where} is not a Kubernetes object (a mapping)`);
  const { apiVersion, kind, metadata } = value;
  if (typeof apiVersion !== 'string' || !/^([a-z0-9.-]+\/)?v[0-9][a-z0-9]*$/.test(apiVersion)) {
    throw unreadable(`${where} needs an apiVersion such as v1 or apps/v1`);
  }
  if (typeof kind !== 'string' || !/^[A-Z][A-Za-z0-9]{0,62}$/.test(kind)) {
    throw unreadable(`${where} needs a kind such as Deployment`);
  }
  if (kind.endsWith('List')) throw unreadable(`${where}: a ${kind} is not applied; put its items in documents of their own`);
  if (!isObject(metadata) || typeof metadata.name !== 'string' || !metadata.name) {
    throw unreadable(`${where} (${kind}) needs metadata.name`);
  }
  const namespace = metadata.namespace;
  if (namespace !== undefined && typeof namespace !== 'string') {
    throw unreadable(`${where} (${kind} "${metadata.name}"): metadata.namespace must be text`);
  }
  // Copied from a live object, managedFields would be refused by the server; they are not the user's.
  const { managedFields: _managed, ...cleanMetadata } = metadata;
  return {
    apiVersion,
    kind,
    name: metadata.name,
    ...(namespace && { namespace }),
    object: { ...value, metadata: cleanMetadata },
  };
}
