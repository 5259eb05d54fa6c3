import { GROUP_HEADER, liftedEdges, type TLayoutRequest, type TLayoutResult } from './elk-layout';

const GAP_X = 48;
const GAP_Y = 14;
const PAD = 12;
/** A column taller than this many nodes wraps into several. */
const MAX_COLUMN = 14;

/**
 * A layered layout in one linear pass, for graphs past ELK's comfortable size (ELK took 4–8 s for
 * a 270-instance state with 35 modules; this takes milliseconds). Inside each group, bottom up:
 * longest-path layers (what others depend on to the left), one barycentre pass to reduce
 * crossings, tall columns wrapped; a group's size is what its children need.
 */
export function fastLayout(request: TLayoutRequest): TLayoutResult {
  const out: TLayoutResult = {};
  const size = new Map(request.nodes.map((n) => [n.id, { w: n.width, h: n.height }]));
  const kids = new Map<string, string[]>();
  for (const n of request.nodes) {
    const p = n.parent ?? '';
    kids.set(p, [...(kids.get(p) ?? []), n.id]);
  }
  // Lifted edges join siblings; "a depends on b" puts b left of a.
  const deps = new Map<string, string[]>();
  for (const e of liftedEdges(request)) deps.set(e.from, [...(deps.get(e.from) ?? []), e.to]);

  const place = (container: string): { w: number; h: number } => {
    const members = kids.get(container) ?? [];
    for (const id of members) if (kids.has(id)) size.set(id, withPadding(place(id)));
    const layer = layers(members, deps);
    const columns: string[][] = [];
    for (const id of members) (columns[layer.get(id) ?? 0] ??= []).push(id);
    // One barycentre pass: each column ordered by where its dependencies sit in earlier columns.
    const rank = new Map<string, number>();
    const placed: string[][] = [];
    for (const column of columns.filter(Boolean)) {
      const scored = column.map((id) => {
        const r = (deps.get(id) ?? []).flatMap((d) => (rank.has(d) ? [rank.get(d) as number] : []));
        return { id, score: r.length > 0 ? r.reduce((a, b) => a + b, 0) / r.length : Infinity };
      });
      scored.sort((a, b) => a.score - b.score);
      for (let i = 0; i < scored.length; i += MAX_COLUMN) {
        const chunk = scored.slice(i, i + MAX_COLUMN).map((s) => s.id);
        chunk.forEach((id, j) => rank.set(id, j));
        placed.push(chunk);
      }
    }
    let x = 0;
    let height = 0;
    for (const column of placed) {
      let y = 0;
      let width = 0;
      for (const id of column) {
        const s = size.get(id) ?? { w: 220, h: 48 };
        out[id] = { x, y };
        y += s.h + GAP_Y;
        width = Math.max(width, s.w);
      }
      height = Math.max(height, y - GAP_Y);
      x += width + GAP_X;
    }
    return { w: Math.max(x - GAP_X, 0), h: height };
  };

  const top = place('');
  void top;
  // Groups: offsets inside them start below the header; record their sizes.
  for (const n of request.nodes) {
    if (n.parent) {
      const p = out[n.id];
      if (p) out[n.id] = { x: p.x + PAD, y: p.y + GROUP_HEADER + 10 };
    }
    if (n.isGroup) {
      const p = out[n.id] ?? { x: 0, y: 0 };
      const s = size.get(n.id) ?? { w: 220, h: 60 };
      out[n.id] = { ...p, width: s.w, height: s.h };
    }
  }
  return out;
}

const withPadding = (s: { w: number; h: number }) => ({
  w: Math.max(s.w + 2 * PAD, 220),
  h: s.h + GROUP_HEADER + 10 + PAD,
});

/** Longest path from what has no dependency among the siblings; a cycle is cut where it closes. */
function layers(
  members: readonly string[],
  deps: ReadonlyMap<string, string[]>,
): Map<string, number> {
  const inside = new Set(members);
  const layer = new Map<string, number>();
  const visiting = new Set<string>();
  const depth = (id: string): number => {
    const known = layer.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0;
    visiting.add(id);
    let d = 0;
    for (const dep of deps.get(id) ?? []) if (inside.has(dep)) d = Math.max(d, depth(dep) + 1);
    visiting.delete(id);
    layer.set(id, d);
    return d;
  };
  for (const id of members) depth(id);
  return layer;
}
