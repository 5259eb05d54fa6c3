import { Clock } from 'lucide-react';
import { Badge } from '../../components/badge';
import { isStalePrice, pricesAsOf, PRICE_STALE_DAYS } from '../../lib/money';

export interface PriceDateProps {
  oldest: string | null;
  newest: string | null;
  version: string;
  /** For tests: the day the age is counted to. */
  today?: Date;
}

/** "List prices as of …", and a stale badge when any of them is older than 180 days. */
export function PriceDate({ oldest, newest, version, today }: PriceDateProps) {
  const range = pricesAsOf(oldest, newest);
  const isStale = oldest !== null && isStalePrice(oldest, today);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
      <span>
        <Clock className="mr-1 inline size-3.5 align-[-3px]" aria-hidden="true" />
        {range ? `List prices as of ${range}` : 'No list price used'}{' '}
        <span className="text-slate-500">(price book {version})</span>
      </span>
      {isStale && (
        <Badge tone="warning">
          <span
            title={`Some prices are older than ${PRICE_STALE_DAYS} days: an admin can import newer price lists.`}
          >
            Stale: older than {PRICE_STALE_DAYS} days
          </span>
        </Badge>
      )}
    </p>
  );
}
