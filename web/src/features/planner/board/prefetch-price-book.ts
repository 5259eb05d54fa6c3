import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { priceBookQuery } from '../../../lib/api/price-book';

/**
 * Fetches the price book as the planner opens, so it is at hand when the board is first drawn
 * (fetched while a 500-node board renders, it arrives seconds later). Its own module: the
 * planner's first chunk stays without the estimator.
 */
export function usePrefetchPriceBook(): void {
  const client = useQueryClient();
  useEffect(() => {
    void client.prefetchQuery(priceBookQuery);
  }, [client]);
}
