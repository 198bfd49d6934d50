import { describe, expect, it } from 'vitest';
import { isPublicAddress, literalHostProblem } from '#service/upstream/addressPolicy';
import { NOT_PUBLIC_V4, NOT_PUBLIC_V6, PUBLIC_V4, PUBLIC_V6 } from '../helpers/addressTable';

/** Forms only a resolver or a caller could produce (a URL host cannot carry them). */
const NOT_PUBLIC_OTHER: readonly (readonly [string, string])[] = [
  ['not-an-ip', 'not an address'],
  ['fe80::1%eth0', 'scoped'],
  ['2606:4700::1%eth0', 'scoped: a zone names a link, never the internet'],
];

describe('address policy', () => {
  it.each([...NOT_PUBLIC_V4, ...NOT_PUBLIC_V6, ...NOT_PUBLIC_OTHER])('%s is not public (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([...PUBLIC_V4, ...PUBLIC_V6])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([...NOT_PUBLIC_V4.map(([a]) => a), ...NOT_PUBLIC_V6.map(([a]) => `[${a}]`)])('refuses the URL host %s before any DNS', (host) => {
    const problem = literalHostProblem(new URL(`http://${host}/latest/meta-data/`));
    expect(problem).toMatch(/is not a public address/);
  });

  it.each([...PUBLIC_V4, ...PUBLIC_V6.map((a) => `[${a}]`)])('lets the URL host %s through', (host) => {
    expect(literalHostProblem(new URL(`https://${host}/feed.xml`))).toBeUndefined();
  });

  it.each([
    'http://127.0.0.1/feed.xml',
    'http://[::ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/', // the URL parser writes it as [::7f00:1]
    'http://[::1]:8080/',
    'http://2130706433/', // decimal 127.0.0.1
    'http://0x7f.0.0.1/',
    'http://017700000001/',
    'http://localhost/',
    'http://metadata.internal/computeMetadata',
    'http://printer.local/',
    'http://169.254.169.254/latest/meta-data/',
  ])('refuses %s before any DNS', (url) => {
    expect(literalHostProblem(new URL(url))).toBeDefined();
  });

  it('lets public names through to the DNS check', () => {
    expect(literalHostProblem(new URL('https://feeds.megaphone.fm/abc'))).toBeUndefined();
  });
});
