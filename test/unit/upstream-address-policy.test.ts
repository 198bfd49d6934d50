import { describe, expect, it } from 'vitest';
import { isPublicAddress, literalHostProblem } from '../../src-main/service/upstream/addressPolicy';

describe('address policy', () => {
  it.each([
    '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1',
    '192.0.2.10', '198.18.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1',
    '64:ff9b::a00:1', '2002:7f00:1::', '2001:0::1', 'not-an-ip',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.216.34', '2a00:1450:4001:80e::200e'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    'http://127.0.0.1/feed.xml',
    'http://[::ffff:127.0.0.1]/',
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

  it('lets public names and addresses through to the DNS check', () => {
    expect(literalHostProblem(new URL('https://feeds.megaphone.fm/abc'))).toBeUndefined();
    expect(literalHostProblem(new URL('https://93.184.216.34/'))).toBeUndefined();
  });
});
