// shortform (TikTok): the video page's rehydration data → subtitle infos → WebVTT → one line per
// cue. Short links are followed by the upstream client; where they land names the item.
import { segmentsText } from '../../captions/index';
import type { UpstreamClient } from '../../upstream/client';
import { fetchCaptionFile } from '../captionFile';
import { videoUrlsIfAny, withoutCaptions } from '../emptyTranscript';
import type { FetchOutcome, PlatformFetcher } from '../fetcher';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { asString } from '../json';
import { fetchUpstream } from '../request';
import { landedItem } from '../shortLinks';
import { subtitleUrlOf, videoUrlsOf } from './item';
import { readTikTokPage } from './page';

const PRIVATE_POST = 10216;
const PRIVATE_ACCOUNT = 10222;
const IP_BLOCKED = 10204;

export function tiktokFetcher(deps: { upstream: UpstreamClient }): PlatformFetcher {
  return {
    async fetch(requested, ctx): Promise<FetchOutcome> {
      const fetched = await fetchUpstream(deps.upstream, 'shortform', { url: requested.normalizedUrl, signal: ctx.signal, headers: { accept: 'text/html,application/xhtml+xml' } });
      if (!fetched.ok) return { ok: false, ...fetched.failure };
      const page = fetched.response;
      if (new URL(page.url).pathname.startsWith('/login')) return { ok: false, ...upstreamFailure('TikTok asked for a sign-in (it redirected to its login page)') };
      const refused = statusFailure('shortform', page, 'this video', { missingMeansGone: true });
      if (refused !== undefined) return { ok: false, ...refused };
      const landing = landedItem('shortform', requested, page.url);
      if (!landing.ok) return { ok: false, ...landing.failure };
      const { item, resolvedKey } = landing;

      const read = readTikTokPage(page.text());
      switch (read.kind) {
        case 'challenge':
          return { ok: false, ...upstreamFailure('TikTok answered with a JavaScript challenge instead of the video page (bot check)') };
        case 'no_data':
          return { ok: false, ...upstreamFailure("TikTok's page has no video data (its page layout may have changed)") };
        case 'malformed':
          return { ok: false, ...upstreamFailure("TikTok's video data is not valid JSON") };
        case 'status':
          if (read.code === PRIVATE_POST) return { ok: false, ...noTranscript('shortform', 'This TikTok video is private') };
          if (read.code === PRIVATE_ACCOUNT) return { ok: false, ...noTranscript('shortform', "This TikTok video's account is private") };
          if (read.code === IP_BLOCKED) return { ok: false, ...upstreamFailure(`TikTok says this machine's IP address is blocked (status ${IP_BLOCKED})`) };
          return { ok: false, ...noTranscript('shortform', `TikTok says this video is unavailable (status ${read.code}${read.message ? `: ${read.message}` : ''})`) };
        case 'item':
          break;
      }

      const struct = read.item;
      const answered = asString(struct.id);
      if (answered !== undefined && answered !== item.itemId) return { ok: false, ...upstreamFailure(`TikTok answered with another video (${answered} instead of ${item.itemId})`) };
      if (struct.video === undefined && struct.isContentClassified === true) {
        return { ok: false, ...noTranscript('shortform', 'TikTok hides this video from logged-out viewers (age-restricted or sensitive content)') };
      }
      const title = asString(struct.desc) ?? null;
      const videoUrls = videoUrlsIfAny(videoUrlsOf(struct));
      const subtitles = subtitleUrlOf(struct);
      if (subtitles === undefined) return withoutCaptions('shortform', videoUrls, title, resolvedKey, 'This TikTok video has no captions');

      // TikTok's CDN checks where the request comes from.
      const captions = await fetchCaptionFile(deps.upstream, 'shortform', subtitles, ctx.signal, { referer: page.url });
      if (!captions.ok) return { ok: false, ...captions.failure };
      if (captions.segments.length === 0) return withoutCaptions('shortform', videoUrls, title, resolvedKey, "This TikTok video's captions file has no cues");
      const transcript = segmentsText(captions.segments, '\n');
      return {
        ok: true,
        transcript: { body: { transcript, ...(videoUrls === undefined ? {} : { videoUrls }) }, text: transcript, segments: captions.segments, title, ...(resolvedKey === undefined ? {} : { resolvedKey }) },
      };
    },
  };
}
