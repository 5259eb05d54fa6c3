import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { categoriesQuery, threadsQuery } from './api/forums';

/**
 * §7: the categories and the first page of threads (20, §9) are fetched ahead, once the
 * signed-in app is idle, so the Forums page opens with its data at hand.
 */
export function ForumsPrefetch(): null {
  const client = useQueryClient();
  useEffect(() => {
    const prefetch = () => {
      void client.prefetchQuery(categoriesQuery);
      void client.prefetchQuery(threadsQuery({ page: 1 }));
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, 1000);
    return () => window.clearTimeout(timer);
  }, [client]);
  return null;
}
