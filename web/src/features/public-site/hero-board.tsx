import type { HeroBox, HeroExample } from './hero-example-build';

const LINE_STYLES: Record<string, { stroke: string; dash?: string }> = {
  traffic: { stroke: '#4f46e5' },
  data: { stroke: '#d97706' },
  placement: { stroke: '#64748b', dash: '4 4' },
};

const centre = (b: HeroBox) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

/** Where the line from the centre of `b` towards `to` leaves its border. */
function border(b: HeroBox, to: { x: number; y: number }) {
  const c = centre(b);
  const dx = to.x - c.x;
  const dy = to.y - c.y;
  const t = Math.min(
    dx === 0 ? Infinity : b.w / 2 / Math.abs(dx),
    dy === 0 ? Infinity : b.h / 2 / Math.abs(dy),
  );
  return { x: c.x + dx * t, y: c.y + dy * t };
}

/** Long catalog names are cut to fit a box; the full name is the box's tooltip. */
const MAX_SERVICE_CHARS = 25;
const fit = (text: string) =>
  text.length > MAX_SERVICE_CHARS ? `${text.slice(0, MAX_SERVICE_CHARS - 1).trimEnd()}…` : text;

export interface HeroBoardProps {
  example: HeroExample;
}

/** The example's board, drawn as the planner lays it out: networks, subnets, services, links. */
export function HeroBoard({ example }: HeroBoardProps) {
  const byId = new Map(example.boxes.map((b) => [b.id, b]));
  const groups = example.boxes.filter((b) => b.isGroup);
  const services = example.boxes.filter((b) => !b.isGroup);
  const pad = 8;
  return (
    <svg
      viewBox={`${-pad} ${-pad} ${example.width + 2 * pad} ${example.height + 2 * pad}`}
      role="img"
      aria-label={`The board of the example design ${example.design}: ${services
        .map((s) => `${s.service} ${s.name}`)
        .join(', ')}`}
      className="block h-auto w-full"
      fontFamily="ui-sans-serif, system-ui, sans-serif"
    >
      {groups.map((g) => (
        <g key={g.id}>
          <rect
            x={g.x}
            y={g.y}
            width={g.w}
            height={g.h}
            rx={8}
            fill="#f8fafc"
            stroke="#cbd5e1"
            strokeDasharray={g.cidr?.endsWith('/16') ? undefined : '3 3'}
          />
          <text x={g.x + 10} y={g.y + 17} fontSize={11} fill="#334155" fontWeight={600}>
            {g.service} · {g.name}
            <tspan fill="#64748b" fontWeight={400}>
              {g.cidr ? `  ${g.cidr}` : ''}
            </tspan>
          </text>
        </g>
      ))}
      {example.lines.map((line) => {
        const from = byId.get(line.from);
        const to = byId.get(line.to);
        if (!from || !to) return null;
        const a = border(from, centre(to));
        const b = border(to, centre(from));
        const style = LINE_STYLES[line.type] ?? { stroke: '#64748b' };
        return (
          <line
            key={`${line.from}-${line.to}`}
            x1={a.x}
            y1={a.y}
            x2={b.x}
            y2={b.y}
            stroke={style.stroke}
            strokeWidth={1.5}
            strokeDasharray={style.dash}
          />
        );
      })}
      {services.map((s) => (
        <g key={s.id}>
          <title>{`${s.service} ${s.name}`}</title>
          <rect x={s.x} y={s.y} width={s.w} height={s.h} rx={6} fill="#ffffff" stroke="#94a3b8" />
          <text x={s.x + 10} y={s.y + 19} fontSize={12} fill="#0f172a" fontWeight={600}>
            {s.name}
          </text>
          <text x={s.x + 10} y={s.y + 35} fontSize={10.5} fill="#475569">
            {fit(s.service)}
          </text>
        </g>
      ))}
    </svg>
  );
}
