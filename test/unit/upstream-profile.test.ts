// The upstream profile on a real file in a temporary data home: compiled defaults, overrides that
// persist and that a running instance sees, a hand-broken file that never stops the service, and
// values of the wrong shape refused before anything is written.
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_KEYS, ProfileError, profileFile, UpstreamProfile } from '#service/upstream/profile';
import { tempHome } from '../helpers/home';

const COMPILED_SHARE_CLIP = '0a02bb974443b576f5579aab0fef1d4b7f44e58a8a256f0c5adfead0db70640f';
const ROTATED_A = 'a'.repeat(64);
const ROTATED_B = 'b'.repeat(64);

let home: ReturnType<typeof tempHome>;
let file: string;
beforeEach(() => {
  home = tempHome('td-profile-');
  file = profileFile(home.dir);
});
afterEach(() => {
  vi.restoreAllMocks();
  home.remove();
});

/** The warnings the profile emitted while `fn` ran (process.emitWarning, which Node prints on stderr). */
function warningsDuring(fn: () => void): string[] {
  const seen: string[] = [];
  vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => void seen.push(String(warning)));
  fn();
  return seen;
}

describe('defaults', () => {
  it('without a file every key is its compiled default, none overridden, each with a description', () => {
    const profile = new UpstreamProfile(file);
    expect(profile.get('twitch.hash.ShareClipRenderStatus')).toBe(COMPILED_SHARE_CLIP);
    expect(profile.get('twitch.clientId')).toBe('ue6666qo983tsx6so1t0vnawi233wa');
    const entries = profile.entries();
    expect(entries.map((e) => e.key)).toEqual(PROFILE_KEYS);
    for (const entry of entries) {
      expect(entry.overridden).toBe(false);
      expect(entry.value).toBe(entry.default);
      expect(entry.about.length).toBeGreaterThan(5);
    }
  });

  it('a profile without a file (single-fetcher tests, benches) keeps a set in memory only', () => {
    const profile = new UpstreamProfile();
    profile.set('youtube.ios.version', '22.1.3');
    expect(profile.get('youtube.ios.version')).toBe('22.1.3');
    expect(new UpstreamProfile().get('youtube.ios.version')).not.toBe('22.1.3');
  });
});

describe('set and reset', () => {
  it('a set persists in the file and a new instance on the same home reads it; setting the default again removes the override', () => {
    const first = new UpstreamProfile(file);
    const entry = first.set('twitch.hash.ShareClipRenderStatus', ` ${ROTATED_A}\n`);
    expect(entry).toMatchObject({ key: 'twitch.hash.ShareClipRenderStatus', value: ROTATED_A, default: COMPILED_SHARE_CLIP, overridden: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'twitch.hash.ShareClipRenderStatus': ROTATED_A });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = new UpstreamProfile(file);
    expect(second.get('twitch.hash.ShareClipRenderStatus')).toBe(ROTATED_A);
    expect(second.entries().filter((e) => e.overridden).map((e) => e.key)).toEqual(['twitch.hash.ShareClipRenderStatus']);

    expect(second.set('twitch.hash.ShareClipRenderStatus', COMPILED_SHARE_CLIP).overridden).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({});
  });

  it('reset of one key keeps the others; reset without a key puts every value back', () => {
    const profile = new UpstreamProfile(file);
    profile.set('twitch.hash.ShareClipRenderStatus', ROTATED_A);
    profile.set('instagram.docId.postRoot', '1234567890123456');
    profile.set('x.queryId.TweetResultByRestId', 'AbCdEfGhIjKlMnOpQrSt_-');

    profile.reset('instagram.docId.postRoot');
    const later = new UpstreamProfile(file);
    expect(later.get('instagram.docId.postRoot')).toBe(later.entries().find((e) => e.key === 'instagram.docId.postRoot')?.default);
    expect(later.get('twitch.hash.ShareClipRenderStatus')).toBe(ROTATED_A);
    expect(later.get('x.queryId.TweetResultByRestId')).toBe('AbCdEfGhIjKlMnOpQrSt_-');

    later.reset();
    expect(new UpstreamProfile(file).entries().every((e) => !e.overridden)).toBe(true);
    expect(profile.get('twitch.hash.ShareClipRenderStatus')).toBe(COMPILED_SHARE_CLIP);
  });

  it('a running instance sees a set made by another instance (another process on the same home) on its next get', () => {
    const running = new UpstreamProfile(file);
    expect(running.get('twitch.hash.ShareClipRenderStatus')).toBe(COMPILED_SHARE_CLIP);
    new UpstreamProfile(file).set('twitch.hash.ShareClipRenderStatus', ROTATED_A);
    expect(running.get('twitch.hash.ShareClipRenderStatus')).toBe(ROTATED_A);
    new UpstreamProfile(file).reset('twitch.hash.ShareClipRenderStatus');
    expect(running.get('twitch.hash.ShareClipRenderStatus')).toBe(COMPILED_SHARE_CLIP);
  });

  it('two sets of same-length values within one tick of a coarse file clock (HFS+, FAT, network shares) are both seen', () => {
    const running = new UpstreamProfile(file);
    const other = new UpstreamProfile(file);
    // Whole-second file times, as such a file system keeps them: both writes land in the same second.
    const second = Math.floor(Date.now() / 1000);
    other.set('twitch.hash.ShareClipRenderStatus', ROTATED_A);
    utimesSync(file, second, second);
    expect(running.get('twitch.hash.ShareClipRenderStatus')).toBe(ROTATED_A);
    other.set('twitch.hash.ShareClipRenderStatus', ROTATED_B);
    utimesSync(file, second, second);
    expect(running.get('twitch.hash.ShareClipRenderStatus')).toBe(ROTATED_B);
  });
});

describe('refusals', () => {
  it.each([
    ['an unknown key', 'twitch.hash.NoSuchOperation', ROTATED_A, /"twitch\.hash\.NoSuchOperation" is not an upstream profile key; the keys are: youtube\.android\.version, .*twitch\.hash\.ShareClipRenderStatus/],
    ['a hash with a typo (63 digits)', 'twitch.hash.ShareClipRenderStatus', 'a'.repeat(63), /is not a valid twitch\.hash\.ShareClipRenderStatus .*64 lowercase hexadecimal digits/],
    ['a hash in capitals', 'twitch.hash.ShareClipRenderStatus', 'A'.repeat(64), /64 lowercase hexadecimal digits/],
    ['a version with letters', 'youtube.ios.version', 'v21.26.4', /is not a valid youtube\.ios\.version .*numbers separated by dots/],
    ['a doc id with letters', 'instagram.docId.postRoot', '2712849962x469141', /is not a valid instagram\.docId\.postRoot .*digits/],
    ['an empty value', 'x.bearer', '   ', /is not a valid x\.bearer/],
  ])('%s is refused with a ProfileError and nothing is written', (_name, key, value, message) => {
    const profile = new UpstreamProfile(file);
    expect(() => profile.set(key, value)).toThrow(ProfileError);
    expect(() => profile.set(key, value)).toThrow(message);
    expect(() => statSync(file)).toThrow(/ENOENT/);
  });

  it('reset of an unknown key is refused and lists the keys', () => {
    expect(() => new UpstreamProfile(file).reset('youtube.mweb.version')).toThrow(/"youtube\.mweb\.version" is not an upstream profile key; the keys are: /);
  });
});

describe('a hand-edited file', () => {
  it('that is not JSON: the defaults stand, one warning names the file, nothing throws', () => {
    writeFileSync(file, '{ "twitch.hash.ShareClipRenderStatus": "aaaa", }');
    const profile = new UpstreamProfile(file);
    const warnings = warningsDuring(() => {
      expect(profile.get('twitch.hash.ShareClipRenderStatus')).toBe(COMPILED_SHARE_CLIP);
      expect(profile.entries().every((e) => !e.overridden)).toBe(true);
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(file);
    expect(warnings[0]).toMatch(/not valid JSON.*compiled upstream defaults/);
  });

  it('that is JSON but not an object of keys: the defaults stand and a warning says so', () => {
    writeFileSync(file, '["twitch.hash.ShareClipRenderStatus", "aaaa"]');
    const profile = new UpstreamProfile(file);
    const warnings = warningsDuring(() => expect(profile.get('twitch.hash.ShareClipRenderStatus')).toBe(COMPILED_SHARE_CLIP));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(file);
    expect(warnings[0]).toMatch(/not a JSON object/);
  });

  it('with one bad entry among good ones: the good ones apply, the bad one is named and ignored', () => {
    writeFileSync(file, JSON.stringify({ 'twitch.hash.ShareClipRenderStatus': ROTATED_A, 'twitch.clientId': 'NOT VALID!', 'tiktok.secret': 'x' }));
    const profile = new UpstreamProfile(file);
    const warnings = warningsDuring(() => {
      expect(profile.get('twitch.hash.ShareClipRenderStatus')).toBe(ROTATED_A);
      expect(profile.get('twitch.clientId')).toBe('ue6666qo983tsx6so1t0vnawi233wa');
    });
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toMatch(/twitch\.clientId/);
    expect(warnings.join('\n')).toMatch(/"tiktok\.secret" is not an upstream profile key/);
  });

  it('is read again only when it changes: a broken file warns once, not on every request', () => {
    writeFileSync(file, 'not json');
    const profile = new UpstreamProfile(file);
    const warnings = warningsDuring(() => {
      for (let i = 0; i < 5; i++) profile.get('twitch.clientId');
    });
    expect(warnings).toHaveLength(1);
  });

  it('a set over a broken file writes a valid one with the new value (the service reads it from then on)', () => {
    writeFileSync(file, 'not json');
    const profile = new UpstreamProfile(file);
    warningsDuring(() => profile.set('twitch.hash.ShareClipRenderStatus', ROTATED_A));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'twitch.hash.ShareClipRenderStatus': ROTATED_A });
  });

  it('a file removed while the service runs: back to the defaults', () => {
    const running = new UpstreamProfile(file);
    running.set('twitch.hash.ShareClipRenderStatus', ROTATED_A);
    home.remove();
    expect(running.get('twitch.hash.ShareClipRenderStatus')).toBe(COMPILED_SHARE_CLIP);
  });
});
