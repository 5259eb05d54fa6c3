import type { TFormat } from '../emit/emitter';

/** The formats a design can be written in: generic Azure resources are for one tool only. */
export function formatsOf(design: {
  provider: string;
  components?: readonly { service: string }[];
}): TFormat[] {
  if (design.provider !== 'azure') return ['terraform'];
  const services = new Set((design.components ?? []).map((c) => c.service));
  if (services.has('azure.arm-resource')) return ['bicep', 'arm'];
  if (services.has('azure.resource')) return ['terraform'];
  return ['terraform', 'bicep', 'arm'];
}
