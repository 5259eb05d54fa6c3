import { findService } from '@stratum/core/iac/catalog/registry';
import { generate } from '@stratum/core/iac/generate';

/**
 * Builds the landing page's hero from a real example design: its board (boxes for networks,
 * subnets and services, lines for connections) and an excerpt of the Terraform the engine emits
 * for it. Run by `npm run hero:generate`; a unit test checks the committed result is current.
 */

export const HERO_SOURCE = 'examples/azure-three-tier-web-app.json';
/** The resource whose Terraform the hero shows. */
const EXCERPT_RESOURCE = 'resource "azurerm_postgresql_flexible_server" "db"';

export interface HeroBox {
  id: string;
  /** The service's name in the catalog, e.g. "Key Vault". */
  service: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  isGroup: boolean;
  /** An address range, for networks and subnets. */
  cidr?: string;
}

export interface HeroLine {
  from: string;
  to: string;
  type: string;
}

export interface HeroExample {
  source: string;
  design: string;
  width: number;
  height: number;
  boxes: HeroBox[];
  lines: HeroLine[];
  codePath: string;
  code: string;
}

interface DesignItem {
  id: string;
  service: string;
  name: string;
  group?: string;
  parent?: string;
  properties?: { cidr?: string };
}

interface Design {
  name: string;
  groups: DesignItem[];
  components: DesignItem[];
  connections: HeroLine[];
}

const NODE = { w: 160, h: 46 };
const GAP = 16;
const PAD = 14;
const TITLE = 26;

const serviceName = (id: string): string => findService(id)?.name ?? id;

/** Lays a top-level group out: its own services in a row, then its child groups side by side. */
function layOutGroup(design: Design, group: DesignItem, x: number, y: number, boxes: HeroBox[]) {
  const own = design.components.filter((c) => c.group === group.id);
  const children = design.groups.filter((g) => g.parent === group.id);
  let cursorY = y + TITLE;
  own.forEach((node, index) => {
    boxes.push(box(node, x + PAD + index * (NODE.w + GAP), cursorY, NODE.w, NODE.h, false));
  });
  if (own.length > 0) cursorY += NODE.h + GAP;
  let cursorX = x + PAD;
  let childHeight = 0;
  for (const child of children) {
    const members = design.components.filter((c) => c.group === child.id);
    const w = NODE.w + 2 * PAD;
    const h = TITLE + members.length * (NODE.h + GAP) - GAP + PAD;
    boxes.push(box(child, cursorX, cursorY, w, h, true));
    members.forEach((node, index) => {
      boxes.push(
        box(node, cursorX + PAD, cursorY + TITLE + index * (NODE.h + GAP), NODE.w, NODE.h, false),
      );
    });
    cursorX += w + GAP;
    childHeight = Math.max(childHeight, h);
  }
  const width =
    Math.max(cursorX - GAP + PAD, x + PAD + own.length * (NODE.w + GAP) - GAP + PAD) - x;
  const height = cursorY + childHeight + PAD - y;
  boxes.push(box(group, x, y, width, height, true));
  return { width, height };
}

function box(
  item: DesignItem,
  x: number,
  y: number,
  w: number,
  h: number,
  isGroup: boolean,
): HeroBox {
  const cidr = item.properties?.cidr;
  return {
    id: item.id,
    service: serviceName(item.service),
    name: item.name,
    x,
    y,
    w,
    h,
    isGroup,
    ...(cidr ? { cidr } : {}),
  };
}

export function buildHeroExample(design: Design): HeroExample {
  const boxes: HeroBox[] = [];
  let x = 0;
  let height = 0;
  for (const group of design.groups.filter((g) => !g.parent)) {
    const size = layOutGroup(design, group, x, 0, boxes);
    x += size.width + 2 * GAP;
    height = Math.max(height, size.height);
  }
  // Services outside any network sit in a row beneath, so the board stays narrow enough for a phone.
  const loose = design.components.filter((c) => !c.group);
  const looseY = height + 2 * GAP;
  loose.forEach((node, index) => {
    boxes.push(box(node, index * (NODE.w + GAP), looseY, NODE.w, NODE.h, false));
  });
  const width = Math.max(x - 2 * GAP, loose.length * (NODE.w + GAP) - GAP);
  if (loose.length > 0) height = looseY + NODE.h;
  // Bigger groups first, then services: each draws over what contains it.
  boxes.sort((a, b) => Number(b.isGroup) - Number(a.isGroup) || b.w * b.h - a.w * a.h);

  const generated = generate(design, { format: 'terraform' });
  if (!generated.ok) throw new Error(`${HERO_SOURCE} does not generate`);
  const main = generated.files.find((f) => f.path.endsWith('main.tf'));
  const start = main?.content.indexOf(EXCERPT_RESOURCE) ?? -1;
  if (!main || start < 0) throw new Error(`main.tf has no ${EXCERPT_RESOURCE}`);
  const end = main.content.indexOf('\n}\n', start);
  return {
    source: HERO_SOURCE,
    design: design.name,
    width,
    height,
    boxes,
    lines: design.connections.map(({ from, to, type }) => ({ from, to, type })),
    codePath: main.path,
    code: main.content.slice(start, end + 2),
  };
}
