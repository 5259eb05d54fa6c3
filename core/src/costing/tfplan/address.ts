/**
 * Terraform resource addresses, kept exactly as Terraform writes them:
 * `module.a["k.1"].module.b[0].aws_s3_bucket.this["x"]`. Keys may hold dots, brackets and escaped
 * quotes, so addresses are split by a small scanner, never by `split('.')`.
 */

export interface TAddressStep {
  name: string;
  /** The instance key as written inside the brackets (`0`, `"k.1"`), or null. */
  key: string | null;
}

/** The address's dot-separated steps, each with its instance key; null when it cannot be read. */
export function splitAddress(address: string): TAddressStep[] | null {
  const steps: TAddressStep[] = [];
  let i = 0;
  while (i < address.length) {
    let name = '';
    while (i < address.length && address[i] !== '.' && address[i] !== '[') name += address[i++];
    let key: string | null = null;
    if (address[i] === '[') {
      const start = i + 1;
      i += 1;
      let isInString = false;
      while (i < address.length && (isInString || address[i] !== ']')) {
        if (isInString && address[i] === '\\') i += 1;
        else if (address[i] === '"') isInString = !isInString;
        i += 1;
      }
      if (i >= address.length) return null;
      key = address.slice(start, i);
      i += 1;
    }
    if (name === '') return null;
    steps.push({ name, key });
    if (i < address.length) {
      if (address[i] !== '.') return null;
      i += 1;
    }
  }
  return steps;
}

/** `module.a["k"].module.b[0]` → `module.a.module.b`: the module path as configured. */
export function moduleConfigPath(moduleAddress: string | null): string {
  if (!moduleAddress) return '';
  const steps = splitAddress(moduleAddress);
  if (!steps) return moduleAddress;
  return steps.map((s) => s.name).join('.');
}

/** The parent of a configured module path (`module.a.module.b` → `module.a`; `module.a` → ''). */
export function parentModulePath(path: string): string {
  const steps = path.split('.');
  return steps.slice(0, -2).join('.');
}

/** An instance key as Terraform writes it in an address: `[0]`, `["k.1"]`. */
export function formatIndex(index: unknown): string {
  if (typeof index === 'number') return `[${index}]`;
  if (typeof index === 'string') return `[${JSON.stringify(index)}]`;
  return '';
}
