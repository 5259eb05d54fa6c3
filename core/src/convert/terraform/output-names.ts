import type { THclExpr } from '../hcl/ast';
import type { TConfiguration } from './load';
import type { TImportedResource } from './instantiate';
import { couldShorten, ENV, nameText } from './names';
import { descriptionTemplates, nameInDescription } from './output-templates';

/**
 * Component names the engine shortened in a resource's name (`kv-cnts-k8s-${var.environment}-pltfrm`
 * for a Key Vault named `platform`) or wrote in no name at all (a DNS zone is its domain), read
 * from the outputs it writes for the component: `description = "URI of platform"`, the name last.
 * A name is taken only when the resource's own name could have been shortened from it.
 */
export interface TOutputNamed {
  readonly id: string;
  readonly candidate: {
    readonly primary: TImportedResource;
    readonly owned: readonly TImportedResource[];
  };
  readonly service: { readonly id: string };
}

/** `type.name` of the first resource an expression refers to. */
function firstResource(e: THclExpr): string | undefined {
  switch (e.k) {
    case 'traversal': {
      const [step] = e.steps;
      if (e.target.k === 'variable' && step?.k === 'attr' && e.target.name.includes('_'))
        return `${e.target.name}.${step.name}`;
      return firstResource(e.target);
    }
    case 'template':
      for (const p of e.parts) {
        const found = typeof p !== 'string' && p.k === 'interp' ? firstResource(p.expr) : undefined;
        if (found) return found;
      }
      return undefined;
    case 'call':
      for (const a of e.args) {
        const found = firstResource(a);
        if (found) return found;
      }
      return undefined;
    case 'paren':
      return firstResource(e.expr);
    default:
      return undefined;
  }
}

/** What a resource's name says after the environment (its own words), if it holds one. */
function nameTail(r: TImportedResource): string | undefined {
  const text = nameText(r)?.text;
  if (text === undefined) return undefined;
  return text
    .slice(text.lastIndexOf(ENV) + ENV.length)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('-');
}

export function namesFromOutputs(
  config: TConfiguration,
  components: readonly TOutputNamed[],
  region: string,
): Map<string, string> {
  const byLocal = new Map<string, string[]>();
  for (const c of components)
    for (const r of [c.candidate.primary, ...c.candidate.owned]) {
      const local = `${r.type}.${r.name}`;
      const ids = byLocal.get(local) ?? [];
      if (!ids.includes(c.id)) byLocal.set(local, [...ids, c.id]);
    }
  const byId = new Map(components.map((c) => [c.id, c]));
  const out = new Map<string, string>();
  const refused = new Set<string>();
  for (const m of config.modules.values())
    for (const { block } of m.blocks) {
      if (block.type !== 'output') continue;
      const attrs = new Map(block.body.attributes.map((a) => [a.name, a.expr]));
      const description = attrs.get('description');
      const value = attrs.get('value');
      const text =
        description?.k === 'template' && description.parts.length === 1
          ? description.parts[0]
          : undefined;
      if (typeof text !== 'string' || !value) continue;
      const local = firstResource(value);
      const ids = local ? byLocal.get(local) : undefined;
      if (ids?.length !== 1) continue;
      const id = ids[0]!;
      const c = byId.get(id)!;
      // Where the component's service writes the name in a description (`Identity Platform
      // configuration customers`); else a description ending `of <name>`, as many do.
      const name =
        nameInDescription(text, descriptionTemplates(c.service.id, region)) ??
        / of (?:[a-z]+ )?([A-Za-z0-9][A-Za-z0-9_-]{0,39})(?: \([^()]*\))?$/.exec(text)?.[1];
      if (!name) continue;
      const tail = nameTail(c.candidate.primary);
      if (tail !== undefined && !tail.split('-').some((w) => couldShorten(w, name))) continue;
      // Two outputs naming the component differently: neither is taken.
      if (out.has(id) && out.get(id) !== name) refused.add(id);
      out.set(id, name);
    }
  for (const id of refused) out.delete(id);
  return out;
}

/**
 * The name read from the resource's name against the pattern, unless an output names the
 * component with the words it was shortened from (`pltfrm` → `platform`), or with the words
 * before a companion's suffix (`orders-afdp` of a Front Door profile → `orders`).
 */
export function chooseName(
  fromPattern: string | undefined,
  fromOutput: string | undefined,
): string | undefined {
  if (fromOutput === undefined || fromPattern === fromOutput) return fromPattern ?? fromOutput;
  if (fromPattern === undefined) return fromOutput;
  const words = fromPattern.split('-');
  const full = fromOutput.split('-');
  const isShortened =
    words.length >= full.length && full.every((f, i) => couldShorten(words[i]!, f));
  return isShortened ? fromOutput : fromPattern;
}
