import type { TPropertyDefinition } from '../types';

/** Short constructors so that service files read like a table. */
export const enumProp = (
  key: string,
  label: string,
  allowed: readonly string[],
  def: string,
  description?: string,
): TPropertyDefinition => ({ key, label, type: 'enum', allowed, default: def, description });

export const numProp = (
  key: string,
  label: string,
  def: number,
  min: number,
  max: number,
  description?: string,
): TPropertyDefinition => ({ key, label, type: 'number', default: def, min, max, description });

export const boolProp = (key: string, label: string, def: boolean): TPropertyDefinition => ({
  key,
  label,
  type: 'boolean',
  default: def,
});

export const strProp = (
  key: string,
  label: string,
  def: string,
  description?: string,
): TPropertyDefinition => ({ key, label, type: 'string', default: def, description });

export const cidrProp = (key: string, label: string, def: string): TPropertyDefinition => ({
  key,
  label,
  type: 'cidr',
  default: def,
});

export const listProp = (key: string, label: string, def: string[]): TPropertyDefinition => ({
  key,
  label,
  type: 'string-list',
  default: def,
});
