import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TResultPoint, TResultRange } from '@stratum/core/contract/monitoring/results';
import { RANGE_LABEL } from './check-state';

interface ChartPoint {
  at: number;
  /** Failed runs too: a 500 answers in some time. Null when no answer came. */
  latency: number | null;
  /** A failed run (or an hour with failures), drawn as a red dot on the axis. */
  down: number | null;
}

export function chartPoints(points: readonly TResultPoint[]): ChartPoint[] {
  return points.map((p) => ({
    at: Date.parse(p.at),
    latency: p.latencyMs,
    down: p.up < p.total ? 0 : null,
  }));
}

/** The chart in words (its accessible name): runs, the latency span drawn, failures. */
export function chartSummary(points: readonly TResultPoint[], range: TResultRange): string {
  const runs = points.reduce((n, p) => n + p.total, 0);
  const failed = points.reduce((n, p) => n + p.total - p.up, 0);
  const latencies = points.flatMap((p) => (p.latencyMs === null ? [] : [p.latencyMs]));
  const low = Math.min(...latencies);
  const high = Math.max(...latencies);
  const span =
    latencies.length === 0 ? 'no answer' : low === high ? `${low} ms` : `${low} to ${high} ms`;
  return (
    `Latency over the last ${RANGE_LABEL[range]}: ${runs} ${runs === 1 ? 'run' : 'runs'}, ${span}` +
    (failed > 0 ? `, ${failed} failed` : '')
  );
}

const tickFor = (range: TResultRange) => (t: number) => {
  const d = new Date(t);
  return range === '7d'
    ? d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric' })
    : d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
};

/** Latency over time; failed runs sit as red dots on the time axis. Named by `chartSummary`. */
export function LatencyChart({
  points,
  range,
}: {
  points: readonly TResultPoint[];
  range: TResultRange;
}) {
  const data = chartPoints(points);
  return (
    <div role="img" aria-label={chartSummary(points, range)} className="h-56 sm:h-64">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          data={data}
          margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={tickFor(range)}
            tick={{ fontSize: 11, fill: '#475569' }}
            stroke="#cbd5e1"
            minTickGap={24}
          />
          <YAxis
            tickFormatter={(v: number) => `${v} ms`}
            tick={{ fontSize: 11, fill: '#475569' }}
            stroke="#cbd5e1"
            width={60}
          />
          <Tooltip
            labelFormatter={(t) => new Date(Number(t)).toLocaleString()}
            formatter={(v, name) =>
              name === 'Down' ? ['failed', 'Run'] : [`${String(v)} ms`, 'Latency']
            }
          />
          <Line
            type="monotone"
            dataKey="latency"
            name="Latency"
            stroke="#4f46e5"
            strokeWidth={2}
            dot={data.length <= 60}
            isAnimationActive={false}
            connectNulls={false}
          />
          <Line
            dataKey="down"
            name="Down"
            stroke="none"
            dot={{ r: 4, fill: '#dc2626', stroke: '#dc2626' }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
