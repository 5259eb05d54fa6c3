import { lookup } from 'node:dns/promises';
import type { IpLiteral } from './address';

/** Every address a name resolves to; tests inject their own. */
export type Resolver = (host: string) => Promise<IpLiteral[]>;

export const systemResolver: Resolver = async (host) => {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ family: a.family === 6 ? 6 : 4, address: a.address }));
};
