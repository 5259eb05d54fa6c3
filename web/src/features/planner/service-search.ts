import type { TServiceDefinition } from '@stratum/core/iac/catalog/service';

/** Every word of the query must appear in the name, kind, category, id or description. */
export function matchesSearch(service: TServiceDefinition, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text =
    `${service.name} ${service.kind} ${service.category} ${service.id} ${service.description}`.toLowerCase();
  return words.every((w) => text.includes(w));
}
