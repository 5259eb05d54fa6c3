import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { TSchemaFile } from '@stratum/core/iac/catalog/generic/schema-data';
import type { TSchemaProvider } from '@stratum/core/iac/catalog/generic/schema-source';

/**
 * The committed schema data (`schema-data/<provider>.json.gz`, scripts/build-schema-data.mjs),
 * read on the first request for a provider and kept in memory: about 1 MB of JSON a provider,
 * so a server that never shows the generic component never loads any of it.
 */
export class SchemaStore {
  private readonly files = new Map<TSchemaProvider, TSchemaFile>();

  constructor(private readonly dir: URL) {}

  get(provider: TSchemaProvider): TSchemaFile {
    let file = this.files.get(provider);
    if (!file) {
      const raw = gunzipSync(readFileSync(new URL(`${provider}.json.gz`, this.dir)));
      file = JSON.parse(raw.toString('utf8')) as TSchemaFile;
      this.files.set(provider, file);
    }
    return file;
  }
}
