import type { TCostLine } from '@stratum/core/costing/model';
import { Badge } from '../../components/badge';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatUnitPrice, formatUsd, isStalePrice } from '../../lib/money';

export interface CostLinesTableProps {
  lines: readonly TCostLine[];
  /** A component's name (design) — a plan's lines name their resource address instead. */
  nameOf: (componentId: string) => string;
  serviceName: (service: string) => string;
  label?: string;
  /** The first column's heading: "Component" for a design, "Resource" for a plan. */
  nameHeader?: string;
  today?: Date;
}

const quantity = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 4 });

/** Every priced line: what it charges for, its SKU, region, unit, quantity and price, with its date. */
export function CostLinesTable({
  lines,
  nameOf,
  serviceName,
  label = 'Priced lines',
  nameHeader = 'Component',
  today,
}: CostLinesTableProps) {
  const columns: DataTableColumn<TCostLine>[] = [
    {
      key: 'item',
      header: `${nameHeader} and item`,
      className: 'min-w-48',
      cell: (l) => (
        <span>
          <span className="block font-medium break-words text-slate-900">
            {l.componentId !== null ? nameOf(l.componentId) : (l.address ?? '—')}
          </span>
          <span className="block text-slate-800">{l.label}</span>
          <span className="block text-xs text-slate-600">{serviceName(l.service)}</span>
          {l.note && <span className="block text-xs text-amber-800">{l.note}</span>}
        </span>
      ),
    },
    {
      key: 'sku',
      header: 'SKU, region',
      cell: (l) => (
        <span>
          <span className="font-mono text-xs [overflow-wrap:anywhere]">{l.sku}</span>
          <span className="block text-xs whitespace-nowrap text-slate-600">{l.region}</span>
        </span>
      ),
    },
    {
      key: 'quantity',
      header: 'Quantity',
      className: 'text-right tabular-nums',
      cell: (l) => (
        <span>
          <span className="whitespace-nowrap">
            {quantity(l.quantity)} <span className="text-slate-600">{l.unit}</span>
          </span>
          {l.usageBased && (
            <>
              {' '}
              <Badge tone="brand">usage</Badge>
            </>
          )}
        </span>
      ),
    },
    {
      key: 'price',
      header: 'Unit price',
      className: 'text-right tabular-nums whitespace-nowrap',
      cell: (l) => formatUnitPrice(l.unitPrice),
    },
    {
      key: 'monthly',
      header: 'Per month',
      className: 'text-right font-medium tabular-nums whitespace-nowrap',
      cell: (l) => formatUsd(l.monthly),
    },
    {
      key: 'asOf',
      header: 'As of',
      cell: (l) => (
        <span title={`Source: ${l.source}`}>
          <span className="whitespace-nowrap">{l.asOf}</span>
          {isStalePrice(l.asOf, today) && (
            <>
              {' '}
              <Badge tone="warning">stale</Badge>
            </>
          )}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={lines}
      rowKey={(l) =>
        `${l.componentId ?? l.address ?? ''}|${l.sku}|${l.label}|${l.region}|${l.unit}`
      }
      empty="No line has a list price."
    />
  );
}
