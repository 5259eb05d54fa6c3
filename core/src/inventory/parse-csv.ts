import { splitAddress } from '../costing/tfplan/address';
import { asRecord } from '../costing/tfplan/values';
import { cloudOfName, cloudOfResourceTypeName } from './clouds';
import { readCsv } from './csv';
import { nameFromId } from './parse-driftctl';
import { normalizeRegion } from './describe';
import { flatSource } from './flat-source';
import type { TInventoryInstance, TParsedSource } from './model';
import { plural, WarningSink } from './warnings';

/** Header names each column is recognised by (case-insensitive, spaces and dashes ignored). */
const COLUMNS = {
  address: ['address', 'terraformaddress', 'tfaddress'],
  type: ['type', 'resourcetype', 'terraformtype'],
  provider: ['provider'],
  cloud: ['cloud', 'cloudprovider'],
  region: ['region', 'location'],
  name: ['name', 'displayname', 'resourcename'],
  id: ['id', 'cloudid', 'resourceid', 'arn'],
  tags: ['tags', 'labels'],
  module: ['module'],
} as const;
type TColumn = keyof typeof COLUMNS;

const headerKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');

/** `k=v;k2=v2` or a JSON object; keys and values are kept as written (only the pair is trimmed). */
export function parseTags(text: string): Record<string, string> | null {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (trimmed.startsWith('{')) {
    try {
      const record = asRecord(JSON.parse(trimmed));
      if (!record) return null;
      return Object.fromEntries(
        Object.entries(record).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
    } catch {
      return null;
    }
  }
  const tags: Record<string, string> = {};
  for (const pair of trimmed.split(';')) {
    if (pair.trim() === '') continue;
    const eq = pair.indexOf('=');
    if (eq <= 0) return null;
    tags[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return tags;
}

/** One asset per row; the header names the columns (address, type, provider/cloud, region, name, id, tags). */
export function inventoryFromCsv(
  text: string,
): { ok: true; value: TParsedSource } | { ok: false; message: string } {
  const read = readCsv(text);
  if (!read.ok) return { ok: false, message: `The CSV cannot be read: ${read.message}` };
  const [header, ...rows] = read.rows;
  if (!header)
    return {
      ok: false,
      message:
        'The CSV is empty: its first line should name the columns (address, type, cloud, region, name, id, tags).',
    };
  const index = new Map<TColumn, number>();
  header.forEach((h, i) => {
    const key = headerKey(h);
    for (const [column, names] of Object.entries(COLUMNS) as [TColumn, readonly string[]][]) {
      if (names.includes(key) && !index.has(column)) index.set(column, i);
    }
  });
  if (!index.has('type') && !index.has('address')) {
    return {
      ok: false,
      message: `The CSV's first line names no \`type\` or \`address\` column (it has: ${header.map((h) => h.trim()).join(', ')}). Name the columns address, type, cloud, region, name, id, tags.`,
    };
  }

  const warnings = new WarningSink();
  const instances: TInventoryInstance[] = [];
  const addresses = new Set<string>();
  rows.forEach((row, i) => {
    const rowName = `row ${i + 2}`;
    const cell = (column: TColumn) => {
      const at = index.get(column);
      const value = at === undefined ? '' : (row[at] ?? '').trim();
      return value === '' ? null : value;
    };
    const address = cell('address');
    const parsedAddress = address ? readAddress(address) : null;
    const type = cell('type') ?? parsedAddress?.type ?? null;
    if (!type) {
      warnings.add(
        'row-without-type',
        (n) =>
          `${plural(n, 'row has', 'rows have')} no resource type and ${n === 1 ? 'is' : 'are'} skipped.`,
        rowName,
      );
      return;
    }
    const id = cell('id');
    const name = cell('name');
    let finalAddress = address ?? `${type}.${nameFromId(name ?? id ?? `row_${i + 2}`)}`;
    if (addresses.has(finalAddress)) {
      if (address) {
        warnings.add(
          'duplicate-address',
          (n) =>
            `${plural(n, 'row repeats', 'rows repeat')} an address already listed and ${n === 1 ? 'is' : 'are'} skipped.`,
          `${rowName}: ${address}`,
        );
        return;
      }
      const base = finalAddress;
      for (let k = 2; addresses.has(finalAddress); k += 1) finalAddress = `${base}_${k}`;
    }
    addresses.add(finalAddress);
    const tagText = cell('tags');
    const tags = tagText === null ? {} : parseTags(tagText);
    if (tags === null) {
      warnings.add(
        'unreadable-tags',
        (n) =>
          `${plural(n, 'row has', 'rows have')} tags that are neither \`k=v;k2=v2\` nor a JSON object: listed without tags.`,
        rowName,
      );
    }
    const provider = cell('provider');
    const cloudCell = cell('cloud');
    const cloud =
      (cloudCell ? cloudOfName(cloudCell) : null) ??
      (provider ? cloudOfName(provider) : null) ??
      cloudOfResourceTypeName(type);
    const attributes: Record<string, unknown> = {};
    header.forEach((h, c) => {
      if (h.trim() !== '') attributes[h.trim()] = row[c] ?? '';
    });
    const blockName = finalAddress.slice(finalAddress.lastIndexOf('.') + 1);
    instances.push({
      address: finalAddress,
      module: cell('module') ?? parsedAddress?.module ?? null,
      mode: 'managed',
      type,
      name: blockName,
      provider,
      cloud,
      region: normalizeRegion(cloud, cell('region')),
      cloudId: id,
      displayName: name ?? tags?.Name ?? id ?? blockName,
      tags: tags ?? {},
      attributes,
      sensitivePaths: [],
      dependencies: [],
      references: [],
      action: null,
    });
  });
  if (instances.length === 0) {
    warnings.add(
      'empty-source',
      () => 'The CSV has no row with a resource: nothing to list.',
      'csv',
    );
  }
  return flatSource('csv', instances, warnings);
}

/** `module.a["k"].aws_s3_bucket.this[0]` → type `aws_s3_bucket`, module `module.a["k"]`. */
function readAddress(address: string): { type: string; module: string | null } | null {
  const steps = splitAddress(address);
  if (!steps) return null;
  let i = 0;
  while (steps[i]?.name === 'module' && steps[i + 1]) i += 2;
  const module = i > 0 ? address.slice(0, moduleLength(steps, i)) : null;
  if (steps[i]?.name === 'data') i += 1;
  const type = steps[i]?.name;
  return type && steps[i + 1] ? { type, module } : null;
}

function moduleLength(
  steps: readonly { name: string; key: string | null }[],
  count: number,
): number {
  let length = 0;
  for (let k = 0; k < count; k += 1) {
    const step = steps[k];
    length +=
      (k > 0 ? 1 : 0) +
      (step?.name.length ?? 0) +
      (step?.key === null || !step ? 0 : step.key.length + 2);
  }
  return length;
}
