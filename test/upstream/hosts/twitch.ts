// gql.twitch.tv and the clips CDN. Answers are the recorded GQL responses of test/fixtures/clips_b/
// (unchanged; a few scenarios rewrite a copy: a retired hash, a forbidden token). The GQL host
// checks the Client-ID and the persisted-query hash as Twitch does; the CDN answers 404 without a
// `sig` and a `token` that decodes to the clip's playback token, like the real one.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { file, json, notFound, text, withTransportScenario, type Answer, type FixtureRequest } from '../answers';
import { mediaFile } from '../media';
import type { HostModule } from './index';

const fixture = (name: string) => readFileSync(resolve(__dirname, '../../fixtures/clips_b', name), 'utf8');

const HASHES: Readonly<Record<string, string>> = {
  ShareClipRenderStatus: '0a02bb974443b576f5579aab0fef1d4b7f44e58a8a256f0c5adfead0db70640f',
  VideoAccessToken_Clip: '4f35f1ac933d76b1da008c806cd5546a7534dfaff83e033a422a81f24e5991b3',
  ClipsDownloadButton: '9c0a5b51612a41b06bfb93065deb6fd7bb7e011db2beb6e5e5d7588ae7f3ff4b',
};

export const TWITCH_SLUGS = {
  /** Recorded: landscape + portrait assets, lowest landscape quality 360. */
  withPortrait: 'UnusualEnchantingSproutGivePLZ-o5o0fw_2qOgZvAag',
  /** Recorded: a 2016 clip (old `AT-cm`-less URL style), no broadcaster. */
  noBroadcaster: 'ShakingBlitheOwlBrokeBack',
  /** Recorded: `clip: null`. */
  missing: 'not-exists',
  /** ShareClipRenderStatus answers PersistedQueryNotFound; VideoAccessToken_Clip the recorded answer. */
  retiredHash: 'DeliciousDelightfulPicklesWOOP',
  /** Every operation answers PersistedQueryNotFound; the raw query answers (recorded clip 1's fields). */
  allRetired: 'AllQueriesRetiredFixtureClip',
  /** Every operation answers PersistedQueryNotFound, and the raw query gets the recorded integrity refusal. */
  rawQueryRefused: 'RawQueryRefusedFixtureClip',
  /** The recorded Client-Integrity rejection. */
  integrity: 'IntegrityCheckedFixtureClip',
  /** The recorded clip with `authorization.forbidden: true`. */
  forbidden: 'ForbiddenFixtureClip-AbCdEfGh12345678',
  rateLimited: 'RateLimitedFixtureClip',
  serverError: 'ServerErrorFixtureClip',
} as const;

/** Channels whose clips page (`ClipsCards__User`) the fixture answers. */
export const TWITCH_CHANNELS = {
  /** Recorded: 20 top clips of the last week; the next page (cursor `MjA=`) meets the recorded integrity check. */
  recorded: 'xqc',
  /** Recorded `user: null`. */
  missing: 'nosuchfixturechannel',
  rateLimited: 'ratelimitedfixture',
} as const;
const CLIPS_CARDS_HASH = '1cd671bfa12cec480499c087319f26d21925e9695d1f80225aae6a4354f23088';

/** A channel's clips page as Twitch answers it (twitch-gql-queries' recorded mocks). */
function clipsCardsAnswer(req: FixtureRequest, operation: { variables?: { login?: unknown; cursor?: unknown }; extensions?: { persistedQuery?: { sha256Hash?: string } } }): Answer {
  if (operation.extensions?.persistedQuery?.sha256Hash !== CLIPS_CARDS_HASH) return persistedQueryNotFound('ClipsCards__User');
  const login = typeof operation.variables?.login === 'string' ? operation.variables.login : '';
  if (login === TWITCH_CHANNELS.rateLimited) return withTransportScenario('rate-limited', req, `clips:${login}`, () => json({}));
  if (login !== TWITCH_CHANNELS.recorded) return text(fixture('gql-ClipsCards__User.2-not-exists.json'), 'application/json');
  if (typeof operation.variables?.cursor === 'string') return text(fixture('gql-ClipsCards__User.3-integrity-challenge.json'), 'application/json');
  return text(fixture('gql-ClipsCards__User.1.json'), 'application/json');
}

const RECORDED: Readonly<Record<string, string>> = {
  [TWITCH_SLUGS.withPortrait]: 'gql-ShareClipRenderStatus.1-with-portrait.json',
  [TWITCH_SLUGS.noBroadcaster]: 'gql-ShareClipRenderStatus.2-no-broadcaster.json',
  AstuteEncouragingCroquetteJebaited: 'gql-ShareClipRenderStatus.3-no-game.json',
  'TenaciousOriginalMooseNononoCat-AEuwlukHCpsIR0wn': 'gql-ShareClipRenderStatus.5-1440p.json',
  'DeliciousCarelessCrowLitty-ccS0mlymOKwRZBjV': 'gql-ShareClipRenderStatus.6-hevc.json',
};

const persistedQueryNotFound = (operationName: string) => json({ errors: [{ message: 'PersistedQueryNotFound' }], extensions: { durationMilliseconds: 2, operationName, requestID: '01JFIXTVRE0000000000000000' } });

/** The recorded clip 1 under another slug, with its playback token changed by `edit`. */
function rewritten(slug: string, edit: (token: Record<string, unknown>) => void): Answer {
  const answer = JSON.parse(fixture('gql-ShareClipRenderStatus.1-with-portrait.json')) as { data: { clip: Record<string, unknown> & { playbackAccessToken: { value: string } } } };
  const token = JSON.parse(answer.data.clip.playbackAccessToken.value) as Record<string, unknown>;
  edit(token);
  answer.data.clip.slug = slug;
  answer.data.clip.playbackAccessToken.value = JSON.stringify(token);
  return json(answer);
}

/**
 * A raw `clip(slug:)` query: the fields it asks for, taken from recorded clip 1 (its landscape
 * asset's qualities), under the slug asked for. The slug must come as a variable.
 */
function rawQueryAnswer(query: string, slug: string): Answer {
  if (slug === '' || query.includes(slug) || !/\bclip\(slug:\s*\$slug\)/.test(query)) return json({ errors: [{ message: 'Variable "$slug" of required type "ID!" was not provided.', locations: [{ line: 1, column: 8 }] }] }, 200);
  if (slug === TWITCH_SLUGS.rawQueryRefused) {
    const recorded = JSON.parse(fixture('gql-ClipsCards__User.3-integrity-challenge.json')) as { errors: { message: string; path: string[] }[]; extensions: Record<string, unknown> };
    return json({ errors: recorded.errors.map((e) => ({ ...e, path: ['clip'] })), data: { clip: null }, extensions: { ...recorded.extensions, operationName: 'TranscriptDeskClip' } });
  }
  if (slug !== TWITCH_SLUGS.allRetired) return text(fixture('gql-ShareClipRenderStatus.4-not-exists.json'), 'application/json');
  const clip = (JSON.parse(fixture('gql-ShareClipRenderStatus.1-with-portrait.json')) as { data: { clip: Record<string, unknown> & { assets: { aspectRatio: number; videoQualities: { quality: string; sourceURL: string }[] }[]; playbackAccessToken: { signature: string; value: string } } } }).data.clip;
  const token = JSON.parse(clip.playbackAccessToken.value) as Record<string, unknown>;
  token.clip_slug = slug;
  const landscape = clip.assets.find((a) => a.aspectRatio >= 1)?.videoQualities ?? [];
  return json({
    data: {
      clip: {
        id: clip.id,
        title: clip.title,
        durationSeconds: clip.durationSeconds,
        videoQualities: landscape.map((q) => ({ quality: q.quality, sourceURL: q.sourceURL })),
        playbackAccessToken: { signature: clip.playbackAccessToken.signature, value: JSON.stringify(token) },
      },
    },
    extensions: { durationMilliseconds: 31, operationName: 'TranscriptDeskClip', requestID: '01JFIXTVRE0000000000000001' },
  });
}

function gqlAnswer(req: FixtureRequest): Answer {
  if (req.headers['client-id'] === undefined) return json({ error: 'Bad Request', status: 400, message: 'The "Client-ID" header is missing from the request.' }, 400);
  let operation: { operationName?: string; query?: string; variables?: { slug?: string; login?: unknown; cursor?: unknown }; extensions?: { persistedQuery?: { sha256Hash?: string } } };
  try {
    operation = JSON.parse(req.body) as typeof operation;
  } catch {
    return json({ error: 'Bad Request', status: 400, message: 'Invalid JSON' }, 400);
  }
  const name = operation.operationName ?? '';
  if (name === 'ClipsCards__User') return clipsCardsAnswer(req, operation);
  const slug = operation.variables?.slug ?? '';
  if (typeof operation.query === 'string' && operation.extensions?.persistedQuery === undefined) return rawQueryAnswer(operation.query, slug);
  if (HASHES[name] === undefined || operation.extensions?.persistedQuery?.sha256Hash !== HASHES[name]) return persistedQueryNotFound(name);
  switch (slug) {
    case TWITCH_SLUGS.missing:
      return text(fixture(name === 'VideoAccessToken_Clip' ? 'gql-VideoAccessToken_Clip.2-not-exists.json' : 'gql-ShareClipRenderStatus.4-not-exists.json'), 'application/json');
    case TWITCH_SLUGS.retiredHash:
      return name === 'ShareClipRenderStatus' ? persistedQueryNotFound(name) : text(fixture('gql-VideoAccessToken_Clip.1.json'), 'application/json');
    case TWITCH_SLUGS.allRetired:
    case TWITCH_SLUGS.rawQueryRefused:
      return persistedQueryNotFound(name);
    case TWITCH_SLUGS.integrity:
      return text(fixture('gql-ClipsCards__User.3-integrity-challenge.json'), 'application/json');
    case TWITCH_SLUGS.forbidden:
      return rewritten(slug, (token) => (token.authorization = { forbidden: true, reason: 'UNAUTHORIZED_ENTITLEMENTS' }));
    case TWITCH_SLUGS.rateLimited:
      return withTransportScenario('rate-limited', req, slug, () => json({}));
    case TWITCH_SLUGS.serverError:
      return withTransportScenario('server-error', req, slug, () => json({}));
  }
  const recorded = RECORDED[slug];
  return recorded === undefined ? text(fixture('gql-ShareClipRenderStatus.4-not-exists.json'), 'application/json') : text(fixture(recorded), 'application/json');
}

async function cdnAnswer(req: FixtureRequest): Promise<Answer> {
  const sig = req.url.searchParams.get('sig');
  const token = req.url.searchParams.get('token');
  let clipUri: unknown;
  try {
    clipUri = (JSON.parse(token ?? '') as { clip_uri?: unknown }).clip_uri;
  } catch {
    clipUri = undefined;
  }
  // What the CDN says to an unsigned or mangled URL.
  if (sig === null || !/^[0-9a-f]{40}$/.test(sig) || typeof clipUri !== 'string') return { status: 404, headers: { 'content-type': 'application/xml' }, body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code></Error>' };
  return file(await readFile(await mediaFile(req.mediaDir, 'clip.mp4')), 'video/mp4');
}

export const twitch: HostModule = {
  hosts: ['gql.twitch.tv', 'production.assets.clips.twitchcdn.net'],
  handle(req) {
    if (req.host === 'production.assets.clips.twitchcdn.net') return cdnAnswer(req);
    if (req.url.pathname === '/gql' && req.method === 'POST') return gqlAnswer(req);
    return notFound(`Twitch ${req.url.pathname}`);
  },
};
