import type { TrustProxy } from '../config';

/**
 * TRUST_PROXY as Fastify's trustProxy option. A list of addresses goes as it is. A hop count
 * becomes a function, because Fastify 5.12 treats a bare number as "trust nothing": the socket and
 * the next hops-1 entries from the right end of X-Forwarded-For are proxies, the entry after them
 * is the client, and whatever the client wrote further left is never read.
 */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}
