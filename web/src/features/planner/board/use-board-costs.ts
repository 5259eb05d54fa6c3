import {
  createContext,
  useContext,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { estimateDesign } from '@stratum/core/costing/estimate-design';
import type { TEstimate } from '@stratum/core/costing/model';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import { usePriceBook } from '../../../lib/api/price-book';
import { BoardCostStore, componentCosts, type TComponentCost } from './board-costs';

/** The board's cost store, for the nodes' badges (null: no costs on this board). */
export const BoardCostContext = createContext<BoardCostStore | null>(null);

/** One component's cost, drawn again only when it changes. */
export function useComponentCost(id: string): TComponentCost | undefined {
  const store = useContext(BoardCostContext);
  return useSyncExternalStore(
    store?.subscribe ?? noSubscribe,
    () => store?.get(id),
    () => undefined,
  );
}
const noSubscribe = () => () => undefined;

export interface TBoardCosts {
  store: BoardCostStore;
  estimate: TEstimate | null;
  isLoading: boolean;
  /** False for a cloud the book has no list prices for (OCI): its total would say nothing. */
  isCloudPriced: boolean;
  /** Why there is no estimate: the book could not be loaded, or the design cannot be priced. */
  problem: string | null;
}

/**
 * The design priced in the browser with the price book (fetched once, cached by react-query):
 * the board's badges and running total follow every change without a round trip. Estimated once
 * per revision of what prices depend on — moving a node changes none of the parts below. Not
 * deferred (as validation is): a few milliseconds for 500 components, in the change's own render.
 */
export function useBoardCosts(design: unknown): TBoardCosts {
  const book = usePriceBook();
  // The first estimate (the book has just arrived) waits for the board to be drawn; every later
  // one, for a change of the design, runs in that change's own render.
  const bookData = useDeferredValue(book.data, undefined);
  const { name, provider, region, environments, groups, components, connections } = (
    typeof design === 'object' && design !== null ? design : {}
  ) as Partial<TDesign>;
  const priced = useMemo(() => {
    if (!bookData) return { estimate: null, problem: null };
    try {
      if (!provider || !region) return { estimate: null, problem: null };
      // The parts of the design prices depend on; the rest (naming, layout) plays no part.
      const input = {
        v: 2,
        name: name ?? '',
        provider,
        region,
        environments: environments ?? [],
        groups: groups ?? [],
        components: components ?? [],
        connections: connections ?? [],
      } as unknown as TDesign;
      return { estimate: estimateDesign(input, bookData), problem: null };
    } catch (error) {
      return {
        estimate: null,
        problem: `The design cannot be priced: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }, [bookData, name, provider, region, environments, groups, components, connections]);
  const [store] = useState(() => new BoardCostStore());
  useLayoutEffect(() => {
    store.set(priced.estimate ? componentCosts(priced.estimate, store.current()) : new Map());
  }, [store, priced.estimate]);
  return {
    store,
    estimate: priced.estimate,
    isLoading: book.isPending,
    isCloudPriced: priced.estimate
      ? book.data?.clouds[priced.estimate.cloud]?.priced === true
      : true,
    problem: book.isError
      ? `List prices could not be loaded: ${book.error.message}`
      : priced.problem,
  };
}
