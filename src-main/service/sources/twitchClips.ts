// A Twitch channel's top clips of a period, as its clips page loads them: the persisted GQL query
// `ClipsCards__User` (hash in the upstream profile, so a rotation is one `upstream set`), 20 clips
// a page. Twitch asks for a Client-Integrity token for the pages after the first (recorded in
// twitch-gql-queries' mocks: the cursor `MjA=` met "failed integrity check"); then the clips read
// so far are kept and the note says why there are no more.
import type { ClipPeriod, SourceItem } from '#shared/contract/sources';
import type { DetectedSource } from '#shared/sources/detect';
import { asArray, asNumber, asObject, asString, at, parseJson } from '../platforms/json';
import { rateLimitedFailure } from '../platforms/failures';
import { CLIENT_ID_KEY, TWITCH_GQL_URL } from '../platforms/twitch/config';
import type { UpstreamClient } from '../upstream/client';
import { isUpstreamError } from '../upstream/errors';
import type { ProfileKey, UpstreamProfile } from '../upstream/profile';
import type { ExpandFailure } from './index';
import { gone, unreadable } from './failures';
import type { PageReader, PageRead } from './paging';

const HASH_KEY: ProfileKey = 'twitch.hash.ClipsCards__User';
const PAGE_SIZE = 20;
const FILTERS: Readonly<Record<ClipPeriod, string>> = { '24hr': 'LAST_DAY', '7d': 'LAST_WEEK', '30d': 'LAST_MONTH', all: 'ALL_TIME' };
const PERIOD_WORDS: Readonly<Record<ClipPeriod, string>> = { '24hr': 'last 24 hours', '7d': 'last 7 days', '30d': 'last 30 days', all: 'all time' };

interface Deps {
  upstream: UpstreamClient;
  profile: UpstreamProfile;
}

const fail = (failure: ExpandFailure): PageRead => ({ ok: false, failure });

export function twitchClipsReader(deps: Deps, source: DetectedSource): PageReader {
  const login = source.id;
  const period = (source.tab ?? '7d') as ClipPeriod;
  const title = `${login}: top clips, ${PERIOD_WORDS[period]}`;
  return {
    async read(cursor, signal) {
      const body = {
        operationName: 'ClipsCards__User',
        variables: { login, limit: PAGE_SIZE, criteria: { filter: FILTERS[period], shouldFilterByDiscoverySetting: true }, cursor: cursor ?? null },
        extensions: { persistedQuery: { version: 1, sha256Hash: deps.profile.get(HASH_KEY) } },
      };
      let status: number;
      let text: string;
      let headers: Record<string, string>;
      try {
        const response = await deps.upstream.request({
          url: TWITCH_GQL_URL,
          method: 'POST',
          scope: 'clips_b',
          body: JSON.stringify(body),
          ...(signal === undefined ? {} : { signal }),
          headers: { 'client-id': deps.profile.get(CLIENT_ID_KEY), 'content-type': 'text/plain;charset=UTF-8', accept: 'application/json', origin: 'https://www.twitch.tv', referer: 'https://www.twitch.tv/' },
        });
        ({ status, headers } = response);
        text = response.text();
      } catch (error) {
        if (isUpstreamError(error)) return fail(unreadable(`Twitch could not be reached for ${login}'s clips: ${error.message}`));
        throw error;
      }
      if (status === 429) return fail(rateLimitedFailure('Twitch', headers['retry-after']) as ExpandFailure);
      if (status < 200 || status > 299) return fail(unreadable(`Twitch answered HTTP ${status} for ${login}'s clips`));
      const parsed = parseJson(text);
      if (!parsed.ok) return fail(unreadable(`Twitch's answer for ${login}'s clips is not JSON`));
      const messages = asArray(at(parsed.value, 'errors')).map((e) => asString(at(e, 'message')) ?? '');
      if (messages.includes('PersistedQueryNotFound')) {
        return fail(unreadable(`Twitch no longer knows the ClipsCards__User query this build uses (PersistedQueryNotFound); update it with \`transcript-desk upstream set ${HASH_KEY} <sha256>\``));
      }
      if (at(parsed.value, 'extensions', 'challenge', 'type') === 'integrity' || messages.some((m) => /integrity/i.test(m))) {
        return fail(unreadable(`Twitch asked for a Client-Integrity check on ${login}'s clips${cursor === undefined ? '' : ' past the first page'} (it treats this machine as a bot)`));
      }
      const data = asObject(at(parsed.value, 'data'));
      if (data === undefined) return fail(unreadable(`Twitch answered ${login}'s clips without data${messages.length > 0 ? `: ${messages.join('; ')}` : ''}`));
      // `user: null` without errors is how Twitch says there is no such channel.
      if (data.user === null && messages.length === 0) return fail(gone(`Twitch has no channel named ${login}`));
      const clips = asObject(at(data, 'user', 'clips'));
      if (clips === undefined) return fail(unreadable(`Twitch's answer for ${login}'s clips has no clip list${messages.length > 0 ? `: ${messages.join('; ')}` : ''}`));
      const edges = asArray(clips.edges);
      const items = edges.flatMap((edge): SourceItem[] => {
        const slug = asString(at(edge, 'node', 'slug'));
        if (slug === undefined || !/^[A-Za-z0-9_-]{3,120}$/.test(slug)) return [];
        const created = Date.parse(asString(at(edge, 'node', 'createdAt')) ?? '');
        return [{
          url: `https://clips.twitch.tv/${slug}`,
          platform: 'clips_b',
          itemId: slug,
          title: asString(at(edge, 'node', 'title')) ?? '',
          publishedAt: Number.isFinite(created) ? created : null,
          durationSeconds: asNumber(at(edge, 'node', 'durationSeconds')) ?? null,
          inLibrary: false,
        }];
      });
      const last = asString(at(edges[edges.length - 1], 'cursor'));
      const next = at(clips, 'pageInfo', 'hasNextPage') === true && last !== undefined ? last : undefined;
      return { ok: true, title, items, next };
    },
  };
}
