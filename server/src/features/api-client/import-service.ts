import { API_LIMITS } from '@stratum/core/api-client/model';
import type { TImportFormat, TImportResult } from '@stratum/core/contract/api-client/import-export';
import { auditNothingChanged, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { CollectionsService } from './collections-service';
import { importInvalid } from './import-common';

/**
 * Whatever a parser or mapping throws on a user's document is about that document: a 400
 * naming the format, never a 500.
 */
function asImportError<T>(format: TImportFormat, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw importInvalid(format, `it could not be read (${(error as Error).message})`);
  }
}

async function readDocument(format: 'postman' | 'openapi', text: string) {
  if (format === 'postman') {
    const { importPostman } = await import('./import-postman');
    return asImportError(format, () => importPostman(text));
  }
  const { importOpenApi } = await import('./import-openapi');
  try {
    return await importOpenApi(text);
  } catch (error) {
    return asImportError(format, () => {
      throw error;
    });
  }
}

/**
 * Import and export. The parsers (the Postman SDK, the OpenAPI parser, curlconverter's Bash
 * grammar) are loaded on first use, so the server starts without them.
 */
export class ImportService {
  constructor(private readonly collections: CollectionsService) {}

  async import(actor: AuditActor, format: TImportFormat, text: string): Promise<TImportResult> {
    const userId = actor.id;
    if (format === 'curl') {
      const { importCurl } = await import('./import-curl');
      const request = asImportError(format, () => importCurl(text));
      auditNothingChanged('a curl command is read into the editor, not saved');
      return { kind: 'request', ...request };
    }
    // Refused before parsing a large document for nothing; counted again when stored.
    const { collections } = await this.collections.list(userId);
    if (collections.length >= API_LIMITS.collectionsPerUser) {
      throw new AppError(
        'api/limit_reached',
        `You can keep at most ${API_LIMITS.collectionsPerUser} collections. Delete one first.`,
      );
    }
    const { doc, warnings } = await readDocument(format, text);
    const collection = await this.collections.insert(actor, doc, 'apiClient.collections.import', {
      format,
    });
    return { kind: 'collection', collection, warnings };
  }

  /** A Postman collection v2.1 of the user's collection, with a file name for the download. */
  async export(userId: string, id: string) {
    const { doc } = await this.collections.get(userId, id);
    const { exportPostman } = await import('./export-postman');
    const fileName = `${doc.name.replace(/[^\w .()-]+/g, '_').trim() || 'collection'}.postman_collection.json`;
    return { fileName, ...exportPostman(doc) };
  }
}
