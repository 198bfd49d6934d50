// F6 in the desktop shell: the Chromium transport's host check and the external-link check apply
// the same address rule as the service (upstream/addressPolicy.ts), literal or resolved.
import { describe, expect, it, vi } from 'vitest';
import { checkExternalUrl } from '../../../src-main/app/externalLinks';
import { assertPublicHost } from '../../../src-main/app/net/addressCheck';
import { NOT_PUBLIC_V4, NOT_PUBLIC_V6, PUBLIC_V4, PUBLIC_V6 } from '../../helpers/addressTable';

vi.mock('electron', () => import('../../helpers/electronMock'));

/** A session whose resolver answers every name with the given addresses (no DNS on this machine). */
const sessionAnswering = (...addresses: string[]) => ({
  resolveHost: () => Promise.resolve({ endpoints: addresses.map((address) => ({ address, family: address.includes(':') ? ('ipv6' as const) : ('ipv4' as const) })) }),
});

const nonPublic = [...NOT_PUBLIC_V4, ...NOT_PUBLIC_V6];

describe('desktop address guard', () => {
  it.each(nonPublic)('does not open a link to %s (%s)', (address) => {
    const host = address.includes(':') ? `[${address}]` : address;
    const checked = checkExternalUrl(`http://${host}/admin`);
    expect(checked.ok).toBe(false);
  });

  it.each(nonPublic)('refuses a Chromium request to %s, literal or resolved (%s)', async (address) => {
    await expect(assertPublicHost(sessionAnswering(), address.includes(':') ? `[${address}]` : address)).rejects.toThrow(/not a public address/);
    await expect(assertPublicHost(sessionAnswering('93.184.216.34', address), 'cdn.innocent.example')).rejects.toThrow(/not a public address/);
  });

  it.each([...PUBLIC_V4, ...PUBLIC_V6])('lets %s through', async (address) => {
    const host = address.includes(':') ? `[${address}]` : address;
    expect(checkExternalUrl(`https://${host}/`).ok).toBe(true);
    await expect(assertPublicHost(sessionAnswering(), host)).resolves.toBeUndefined();
    await expect(assertPublicHost(sessionAnswering(address), 'cdn.public.example')).resolves.toBeUndefined();
  });
});
