import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './addressPolicy';

export type Resolver = (hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export class BlockedAddressError extends Error {
  readonly code = 'ERR_BLOCKED_ADDRESS';
  constructor(readonly hostname: string, readonly address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * A `lookup` for net/tls connect that refuses non-public answers. It runs at connect time, on the
 * very answer the socket then uses, so a DNS answer that changes between a check and the connection
 * (rebinding) cannot slip through: there is no separate check to race.
 */
export function guardedLookup(resolve: Resolver = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const blocked = addresses.find((a) => !isPublicAddress(a.address));
      if (blocked !== undefined) return callback(new BlockedAddressError(hostname, blocked.address), '', 0);
      const first = addresses[0];
      if (first === undefined) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

/** Resolves a name once and refuses it unless every answer is public (used where a proxy does the real DNS). */
export function assertResolvesPublic(hostname: string, resolve: Resolver = dnsLookup): Promise<void> {
  return new Promise((done, fail) => {
    resolve(hostname, { all: true }, (error, addresses) => {
      if (error) return fail(error);
      const blocked = addresses.find((a) => !isPublicAddress(a.address));
      if (blocked !== undefined) return fail(new BlockedAddressError(hostname, blocked.address));
      done();
    });
  });
}
