import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TCostHistory } from '@stratum/core/contract/costing/history';
import { formatUsd } from '../../lib/money';

interface TPoint {
  /** `2026-11` for forecast months, `2026-11-29` for generations. */
  label: string;
  actual?: number;
  forecast?: number;
}

/** Generations (by day) then the forecast's months, as one series each. */
export function historyPoints(history: TCostHistory): TPoint[] {
  const points: TPoint[] = history.generations
    .filter((g) => g.monthlyTotal !== null)
    .map((g) => ({ label: g.generatedAt.slice(0, 10), actual: g.monthlyTotal ?? undefined }));
  const forecast = history.forecast?.points ?? [];
  const last = points.at(-1);
  // The dashed line starts where the solid one ends.
  if (last && forecast.length > 0) last.forecast = last.actual;
  return [...points, ...forecast.map((p) => ({ label: p.month, forecast: p.monthlyTotal }))];
}

/** The monthly total at each generation and the forecast, drawn; the tables beside say the same. */
export function HistoryChart({ history }: { history: TCostHistory }) {
  const points = historyPoints(history);
  return (
    <div aria-hidden="true" className="h-64">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          data={points}
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#475569' }} stroke="#cbd5e1" />
          <YAxis
            tickFormatter={(v: number) => `$${Math.round(v).toLocaleString('en-US')}`}
            tick={{ fontSize: 11, fill: '#475569' }}
            stroke="#cbd5e1"
            width={64}
          />
          <Tooltip formatter={(v) => formatUsd(Number(v))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            type="linear"
            dataKey="actual"
            name="At each generation"
            stroke="#4f46e5"
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
            connectNulls
          />
          <Line
            type="linear"
            dataKey="forecast"
            name="Forecast"
            stroke="#7c3aed"
            strokeDasharray="6 4"
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
            connectNulls
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
