// The upstream profile: every value the platforms rotate without notice (InnerTube client
// versions, Twitch GQL hashes and Client-ID, Instagram doc ids and app id, X query id and bearer),
// in one place. The compiled defaults are what the reference extractors used when this build was
// made; a JSON file in the data home overrides any of them, so a user can follow a rotation the day
// it happens instead of waiting for a release (`transcript-desk upstream set`, or Settings).
//
// The file is re-read when it changes on disk, so a running server picks up a `set` made from
// another terminal on its next request.
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Definition {
  default: string;
  /** What the value is, for `upstream show` and the Settings panel. */
  about: string;
  /** The shape a value must have; a typo is refused at `set` time, not at request time. */
  pattern: RegExp;
}

const VERSION = /^\d+(\.\d+){1,3}$/;
const SHA256 = /^[0-9a-f]{64}$/;
const TOKEN = /^[A-Za-z0-9_%-]{8,200}$/;
const DIGITS = /^\d{4,25}$/;

/** The common shapes in words, for the refusal a user reads; any other pattern is shown as it is. */
const SHAPE_IN_WORDS = new Map<RegExp, string>([
  [VERSION, 'two to four numbers separated by dots, such as 21.26.364'],
  [SHA256, '64 lowercase hexadecimal digits'],
  [TOKEN, '8 to 200 letters, digits, _, - or %'],
  [DIGITS, '4 to 25 digits'],
]);

const DEFINITIONS = {
  'youtube.android.version': { default: '21.26.364', about: 'InnerTube ANDROID clientVersion', pattern: VERSION },
  'youtube.ios.version': { default: '21.26.4', about: 'InnerTube IOS clientVersion', pattern: VERSION },
  'youtube.tv.version': { default: '7.20260707.07.00', about: 'InnerTube TVHTML5 clientVersion', pattern: VERSION },
  'youtube.visionos.version': { default: '1.02', about: 'InnerTube VISIONOS clientVersion', pattern: VERSION },
  'youtube.web.version': { default: '2.20261120.01.00', about: 'InnerTube WEB clientVersion (playlists and channels: browse)', pattern: VERSION },
  'twitch.clientId': { default: 'ue6666qo983tsx6so1t0vnawi233wa', about: 'Client-ID sent to gql.twitch.tv', pattern: /^[a-z0-9]{20,40}$/ },
  'twitch.hash.ShareClipRenderStatus': { default: '0a02bb974443b576f5579aab0fef1d4b7f44e58a8a256f0c5adfead0db70640f', about: 'persisted-query hash of ShareClipRenderStatus', pattern: SHA256 },
  'twitch.hash.VideoAccessToken_Clip': { default: '4f35f1ac933d76b1da008c806cd5546a7534dfaff83e033a422a81f24e5991b3', about: 'persisted-query hash of VideoAccessToken_Clip', pattern: SHA256 },
  'twitch.hash.ClipsDownloadButton': { default: '9c0a5b51612a41b06bfb93065deb6fd7bb7e011db2beb6e5e5d7588ae7f3ff4b', about: 'persisted-query hash of ClipsDownloadButton', pattern: SHA256 },
  'twitch.hash.ClipsCards__User': { default: '1cd671bfa12cec480499c087319f26d21925e9695d1f80225aae6a4354f23088', about: "persisted-query hash of ClipsCards__User (a channel's clips)", pattern: SHA256 },
  'instagram.appId': { default: '936619743392459', about: 'X-IG-App-ID of the Instagram web app', pattern: DIGITS },
  'instagram.asbdId': { default: '359341', about: 'X-ASBD-ID of the Instagram web app', pattern: DIGITS },
  'instagram.docId.loggedOutPostRoot': { default: '27130156389949648', about: 'doc_id of PolarisLoggedOutDesktopWWWPostRootContentQuery', pattern: DIGITS },
  'instagram.docId.postRoot': { default: '27128499623469141', about: 'doc_id of PolarisPostRootQuery (the second query)', pattern: DIGITS },
  'x.bearer': {
    default: 'AAAAAAAAAAAAAAAAAAAAANRILgAAAAAAnNwIzUejRCOuH5E6I8xnZz4puTs%3D1Zv7ttfk8LF81IUq16cHjhLTvJu4FA33AGWWjCpTnA',
    about: "bearer token of X's web app (URL-encoded, as the web app ships it)",
    pattern: TOKEN,
  },
  'x.queryId.TweetResultByRestId': { default: '2ICDjqPd81tulZcYrtpTuQ', about: 'GraphQL query id of TweetResultByRestId', pattern: /^[A-Za-z0-9_-]{10,40}$/ },
} as const satisfies Record<string, Definition>;

export type ProfileKey = keyof typeof DEFINITIONS;

export const PROFILE_KEYS = Object.keys(DEFINITIONS) as ProfileKey[];

export interface ProfileEntry {
  key: ProfileKey;
  value: string;
  default: string;
  overridden: boolean;
  about: string;
}

/** A `set` or a file that names an unknown key or a value of the wrong shape. */
export class ProfileError extends Error {
  override name = 'ProfileError';
}

export const isProfileKey = (key: string): key is ProfileKey => Object.hasOwn(DEFINITIONS, key);

function checked(key: string, value: unknown): { key: ProfileKey; value: string } {
  if (!isProfileKey(key)) throw new ProfileError(`"${key}" is not an upstream profile key; the keys are: ${PROFILE_KEYS.join(', ')}`);
  const definition: Definition = DEFINITIONS[key];
  if (typeof value !== 'string' || !definition.pattern.test(value)) {
    const shape = SHAPE_IN_WORDS.get(definition.pattern) ?? `a value matching ${definition.pattern.source}`;
    throw new ProfileError(`"${String(value)}" is not a valid ${key} (${definition.about}): expected ${shape}`);
  }
  return { key, value };
}

export const profileFile = (home: string) => join(home, 'upstream-profile.json');

export class UpstreamProfile {
  private overrides: Partial<Record<ProfileKey, string>> = {};
  /** Identity, times and size of the file as last read; a change on disk makes the next `get` re-read it. */
  private seen = '';

  /** Without a file (tests of single fetchers, benches) the profile is the compiled defaults. */
  constructor(private readonly file?: string) {}

  /** The file the overrides are kept in, for the user to find; undefined for an in-memory profile. */
  get location(): string | undefined {
    return this.file;
  }

  get(key: ProfileKey): string {
    this.refresh();
    return this.overrides[key] ?? DEFINITIONS[key].default;
  }

  entries(): ProfileEntry[] {
    this.refresh();
    return PROFILE_KEYS.map((key) => {
      const value = this.overrides[key];
      return { key, value: value ?? DEFINITIONS[key].default, default: DEFINITIONS[key].default, overridden: value !== undefined, about: DEFINITIONS[key].about };
    });
  }

  /** Validates, then writes the file (atomically) so every process on this home sees it. */
  set(key: string, value: string): ProfileEntry {
    const valid = checked(key, value.trim());
    this.refresh();
    const next = { ...this.overrides, [valid.key]: valid.value };
    if (valid.value === DEFINITIONS[valid.key].default) delete next[valid.key];
    this.write(next);
    return this.entries().find((entry) => entry.key === valid.key) as ProfileEntry;
  }

  /** Back to the compiled default for one key, or for all. */
  reset(key?: string): void {
    if (key !== undefined && !isProfileKey(key)) throw new ProfileError(`"${key}" is not an upstream profile key; the keys are: ${PROFILE_KEYS.join(', ')}`);
    this.refresh();
    const next = { ...this.overrides };
    if (key === undefined) for (const k of PROFILE_KEYS) delete next[k];
    else delete next[key];
    this.write(next);
  }

  private write(next: Partial<Record<ProfileKey, string>>): void {
    if (this.file === undefined) {
      this.overrides = next;
      return;
    }
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, this.file);
    this.refresh();
  }

  private refresh(): void {
    if (this.file === undefined) return;
    const stat = statSync(this.file, { bigint: true, throwIfNoEntry: false });
    if (stat === undefined) {
      this.overrides = {};
      this.seen = '';
      return;
    }
    // mtime and size alone miss a second write of a same-length value within one tick of a coarse
    // file clock (whole seconds on HFS+ and many network shares); every write is a rename of a new
    // file, so the inode and the change time tell it apart.
    const stamp = `${stat.ino}:${stat.ctimeNs}:${stat.mtimeNs}:${stat.size}`;
    if (stamp === this.seen) return;
    this.overrides = readOverrides(this.file);
    this.seen = stamp;
  }
}

/**
 * A hand-edited file with a typo must not stop the service: an unreadable file or a bad entry is
 * reported once on stderr and the defaults stand for it.
 */
function readOverrides(file: string): Partial<Record<ProfileKey, string>> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    process.emitWarning(`${file} cannot be read (${(error as Error).message}); using the compiled upstream defaults`);
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    process.emitWarning(`${file} is not valid JSON (${(error as Error).message}); using the compiled upstream defaults`);
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    process.emitWarning(`${file} is not a JSON object of "key": "value" pairs; using the compiled upstream defaults`);
    return {};
  }
  const overrides: Partial<Record<ProfileKey, string>> = {};
  for (const [key, value] of Object.entries(parsed)) {
    try {
      const valid = checked(key, value);
      overrides[valid.key] = valid.value;
    } catch (error) {
      process.emitWarning(`${file}: ${(error as Error).message}; ignored`);
    }
  }
  return overrides;
}
