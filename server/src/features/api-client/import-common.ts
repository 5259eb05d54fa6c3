import { randomUUID } from 'node:crypto';
import { folderHeight, isFolderDepthAllowed } from '@stratum/core/api-client/collection-ops';
import {
  API_LIMITS,
  parseCollection,
  ZApiRequest,
  type TApiRequest,
  type TCollectionDoc,
  type TCollectionItem,
  type TFolderItem,
  type TKeyValue,
} from '@stratum/core/api-client/model';
import type { TImportFormat } from '@stratum/core/contract/api-client/import-export';
import { AppError } from '../../lib/errors';

/** What the importers share: warnings, ids, the limits of the model, the final check. */

export const FORMAT_LABEL: Record<TImportFormat, string> = {
  postman: 'Postman collection',
  openapi: 'OpenAPI document',
  curl: 'curl command',
};

/** 400 `api/import_invalid`: which format, and what is wrong with the text. */
export function importInvalid(format: TImportFormat, problem: string): AppError {
  return new AppError('api/import_invalid', `${FORMAT_LABEL[format]}: ${problem}`);
}

const MAX_WARNINGS = 50;

/** Warnings of one import: each said once, at most 50 (then how many more). */
export class Warnings {
  private readonly list: string[] = [];
  private more = 0;

  add(message: string): void {
    if (this.list.includes(message)) return;
    if (this.list.length < MAX_WARNINGS) this.list.push(message);
    else this.more++;
  }

  toArray(): string[] {
    return this.more > 0 ? [...this.list, `…and ${this.more} more warnings`] : [...this.list];
  }
}

export interface ImportOptions {
  /** Item ids; random unless a test wants them predictable. */
  newId?: () => string;
}

export const randomItemId = (): string => randomUUID();

/** A name the model accepts: trimmed, not empty, at most `API_LIMITS.nameChars`. */
export function nameOf(name: unknown, fallback: string): string {
  const text = typeof name === 'string' ? name.replace(/\s+/g, ' ').trim() : '';
  return (text || fallback).slice(0, API_LIMITS.nameChars);
}

/** Table rows within the model's limit; the rest dropped with a warning naming `where`. */
export function clipRows<T>(rows: T[], where: string, warnings: Warnings): T[] {
  if (rows.length <= API_LIMITS.keyValueRows) return rows;
  warnings.add(`${where}: only the first ${API_LIMITS.keyValueRows} of ${rows.length} rows kept`);
  return rows.slice(0, API_LIMITS.keyValueRows);
}

/** Text of a value another tool wrote where text belongs (a number, a stray object). */
export function textOf(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      return value === null ? '' : JSON.stringify(value);
    default:
      return '';
  }
}

/** A key-value row from another tool's text fields. */
export function row(
  key: unknown,
  value: unknown,
  enabled = true,
  description?: unknown,
): TKeyValue {
  const text = textOf;
  const desc = typeof description === 'string' && description !== '' ? description : undefined;
  return {
    key: text(key).slice(0, 1_024),
    value: text(value).slice(0, API_LIMITS.headerValueChars),
    enabled,
    ...(desc !== undefined && { description: desc.slice(0, 1_000) }),
  };
}

/** A request through the model's check; a refusal names the format, the request and the field. */
export function parseRequest(format: TImportFormat, where: string, input: unknown): TApiRequest {
  const parsed = ZApiRequest.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  throw importInvalid(format, `${where}: ${path}${path ? ': ' : ''}${issue?.message ?? 'invalid'}`);
}

/** A script within the model's limit, else none (a cut script would not run). */
export function scriptOf(text: string, where: string, warnings: Warnings): string {
  if (text.length <= API_LIMITS.scriptChars) return text;
  warnings.add(`${where}: a script longer than ${API_LIMITS.scriptChars} characters was left out`);
  return '';
}

/**
 * Folders deeper than the model allows are dissolved: what they hold moves up into the deepest
 * allowed folder, each name prefixed with the folders it came from.
 */
export function clipFolderDepth(items: TCollectionItem[], warnings: Warnings): TCollectionItem[] {
  const flatten = (list: TCollectionItem[], prefix: string): TCollectionItem[] =>
    list.flatMap((item) =>
      item.kind === 'folder'
        ? flatten(item.items, `${prefix}${item.name} / `)
        : [{ ...item, name: `${prefix}${item.name}`.slice(0, API_LIMITS.nameChars) }],
    );
  // `depth` is the folder's own (1: the top level), as `parseCollection` counts.
  const walk = (folder: TFolderItem, depth: number): TFolderItem => {
    if (isFolderDepthAllowed(depth + 1)) {
      return {
        ...folder,
        items: folder.items.map((i) => (i.kind === 'folder' ? walk(i, depth + 1) : i)),
      };
    }
    if (folderHeight(folder) === 1) return folder;
    warnings.add(
      `Folders nest at most ${API_LIMITS.folderDepth} deep here; the folders inside "${folder.name}" were merged into it`,
    );
    return { ...folder, items: flatten(folder.items, '') };
  };
  return items.map((i) => (i.kind === 'folder' ? walk(i, 1) : i));
}

/** The first `API_LIMITS.collectionItems` items in document order; the rest dropped. */
export function clipItemCount(items: TCollectionItem[], warnings: Warnings): TCollectionItem[] {
  let budget = API_LIMITS.collectionItems;
  let dropped = 0;
  const take = (list: TCollectionItem[]): TCollectionItem[] => {
    const out: TCollectionItem[] = [];
    for (const item of list) {
      if (budget <= 0) {
        dropped++;
        continue;
      }
      budget--;
      out.push(item.kind === 'folder' ? { ...item, items: take(item.items) } : item);
    }
    return out;
  };
  const kept = take(items);
  if (dropped > 0) {
    warnings.add(
      `A collection holds at most ${API_LIMITS.collectionItems} folders and requests; ${dropped} more were left out`,
    );
  }
  return kept;
}

/** The built document through the model's own check; a refusal names the format and the field. */
export function finishDoc(
  format: TImportFormat,
  doc: Omit<TCollectionDoc, 'items'> & { items: TCollectionItem[] },
  warnings: Warnings,
): TCollectionDoc {
  const items = clipItemCount(clipFolderDepth(doc.items, warnings), warnings);
  const parsed = parseCollection({ ...doc, items });
  if (parsed.ok) return parsed.doc;
  const issue = parsed.issues[0];
  throw importInvalid(
    format,
    `it cannot be stored as a collection (${issue?.path ?? ''}: ${issue?.message ?? 'invalid'})`,
  );
}
