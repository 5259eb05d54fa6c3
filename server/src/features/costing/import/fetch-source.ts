import { request } from 'undici';
import { checkedAgent, type DenyList, type EgressPolicy } from '../../../lib/egress';
import { PriceListError } from './types';

const MAX_REDIRECTS = 5;
/** Azure's API answers 100 items a page; a whole unfiltered list is thousands of pages. */
const MAX_AZURE_PAGES = 2000;

export interface TFetchDeps {
  egress: EgressPolicy;
  deny: DenyList;
}

/** Opens `url` through the egress policy (every hop checked), redirects followed by hand. */
async function open(deps: TFetchDeps, url: string, signal: AbortSignal) {
  const agent = checkedAgent(deps.egress, { deny: deps.deny });
  let current = new URL(url);
  try {
    for (let hop = 0; ; hop += 1) {
      if (current.protocol !== 'https:' && current.protocol !== 'http:') {
        throw new PriceListError(`${current.protocol} URLs cannot be fetched: only http and https`);
      }
      const response = await request(current, {
        dispatcher: agent,
        signal,
        headers: { accept: '*/*' },
      });
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        await response.body.dump();
        if (hop >= MAX_REDIRECTS)
          throw new PriceListError(`${url}: more than ${MAX_REDIRECTS} redirects`);
        current = new URL(location, current);
        continue;
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new PriceListError(
          `${current.host} answered HTTP ${response.statusCode} for ${current.pathname}`,
        );
      }
      const length = Number(response.headers['content-length']);
      return { body: response.body, size: Number.isFinite(length) ? length : null, agent };
    }
  } catch (error) {
    await agent.destroy().catch(() => undefined);
    throw error;
  }
}

/** The body of `url` as it arrives, and its declared size. */
export async function fetchSource(
  deps: TFetchDeps,
  url: string,
  signal: AbortSignal,
): Promise<{ source: AsyncIterable<Buffer>; size: number | null }> {
  const { body, size, agent } = await open(deps, url, signal);
  async function* stream(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) yield chunk;
    } finally {
      await agent.destroy().catch(() => undefined);
    }
  }
  return { source: stream(), size };
}

/**
 * Azure Retail Prices pages from `url` on, following `NextPageLink` (each page checked by the
 * egress policy again): the pages one after another, as the Azure reader accepts them.
 */
export function fetchAzurePages(
  deps: TFetchDeps,
  url: string,
  signal: AbortSignal,
): AsyncIterable<Buffer> {
  return (async function* pages() {
    let next: string | null = url;
    for (let page = 1; next; page += 1) {
      if (page > MAX_AZURE_PAGES) {
        throw new PriceListError(
          `More than ${MAX_AZURE_PAGES} pages: narrow the URL with a $filter (e.g. serviceName and armRegionName)`,
        );
      }
      const { body, agent } = await open(deps, next, signal);
      let text: string;
      try {
        text = await body.text();
      } finally {
        await agent.destroy().catch(() => undefined);
      }
      let link: unknown;
      try {
        link = (JSON.parse(text) as { NextPageLink?: unknown }).NextPageLink;
      } catch {
        throw new PriceListError(`Page ${page} (${next}) is not JSON`);
      }
      yield Buffer.from(`${text}\n`);
      next = typeof link === 'string' && link !== '' ? link : null;
    }
  })();
}
