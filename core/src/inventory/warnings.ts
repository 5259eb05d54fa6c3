import type { TImportWarning } from '../contract/inventory/model';

const MAX_EXAMPLES = 20;

/** Warnings said once per code, with how many times it happened and up to 20 examples. */
export class WarningSink {
  private readonly byCode = new Map<
    string,
    { message: (count: number) => string; count: number; examples: string[]; seen: Set<string> }
  >();

  /** `example` is what the warning concerns (an address, `row 7`); counted once per distinct example. */
  add(code: string, message: (count: number) => string, example: string): void {
    let entry = this.byCode.get(code);
    if (!entry) {
      entry = { message, count: 0, examples: [], seen: new Set() };
      this.byCode.set(code, entry);
    }
    if (entry.seen.has(example)) return;
    entry.seen.add(example);
    entry.count += 1;
    if (entry.examples.length < MAX_EXAMPLES) entry.examples.push(example);
  }

  list(): TImportWarning[] {
    return [...this.byCode].map(([code, e]) => ({
      code,
      message: e.message(e.count),
      count: e.count,
      examples: e.examples,
    }));
  }
}

export const plural = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;
