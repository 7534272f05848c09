import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

/**
 * The proxies whose X-Forwarded-* headers the site believes (TRUST_PROXY, decision 112): none, the nearest
 * `hops` hops (the socket's peer, then the addresses the proxies appended), or the peers at these addresses. Never
 * every address: a client could then name its own address and host (decision 112).
 */
export type TrustedProxies = false | { hops: number } | { addresses: string[] };

const MAX_HOPS = 10;
const RULE =
  `must be 0, the number of proxies in front of the site (1-${MAX_HOPS}; 1 for the documented nginx), ` +
  'or their addresses separated by commas (IP addresses, CIDR ranges, loopback, linklocal, uniquelocal)';

function parse(text: string, context: z.RefinementCtx): TrustedProxies {
  const value = text.trim().toLowerCase();
  if (['0', 'false', 'no'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) {
    context.addIssue({ code: 'custom', message: `${RULE}; "${text}" would let any client choose its own address` });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_HOPS) return { hops };
    context.addIssue({ code: 'custom', message: RULE });
    return z.NEVER;
  }
  const addresses = value.split(',').map((address) => address.trim());
  try {
    proxyAddr.compile(addresses);
  } catch (error) {
    context.addIssue({ code: 'custom', message: `${RULE}: ${(error as Error).message}` });
    return z.NEVER;
  }
  return { addresses };
}

/** TRUST_PROXY as the environment gives it. */
export const trustProxySetting = z.string().transform(parse);

/**
 * Fastify's trustProxy for the setting: whether the address `hop` hops from the site (0: the socket's peer) is a
 * proxy. Fastify's own hop count trusts no peer at all, so the count is a function here.
 */
export function trustProxyOption(trusted: TrustedProxies): false | ((address: string, hop: number) => boolean) {
  if (trusted === false) return false;
  if ('hops' in trusted) return (_address, hop) => hop < trusted.hops;
  return proxyAddr.compile(trusted.addresses);
}
