// The address guard for Chromium's network stack: before a request leaves, the host is resolved
// with the session's own resolver (session.resolveHost) and every answer must be public, by the
// same rules as the undici transport (upstream/addressPolicy.ts). Chromium then connects from its
// host cache, which this lookup just filled; a rebinding answer within that moment is the gap
// the undici transport does not have (it checks inside its connect step).
import { isIP } from 'node:net';
import type { Session } from 'electron';
import { isPublicAddress } from '#service/upstream/addressPolicy';
import { BlockedAddressError } from '#service/upstream/guardedLookup';

export async function assertPublicHost(session: Pick<Session, 'resolveHost'>, hostname: string): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw new BlockedAddressError(host, host);
    return;
  }
  const { endpoints } = await session.resolveHost(host);
  if (endpoints.length === 0) throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
  const blocked = endpoints.find((e) => !isPublicAddress(e.address));
  if (blocked !== undefined) throw new BlockedAddressError(host, blocked.address);
}
