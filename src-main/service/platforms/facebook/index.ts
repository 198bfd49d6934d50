// social (Facebook): the page's relay data → video node → captions file (WebVTT or SubRip, sniffed)
// and video URLs. fb.watch links are followed by the upstream client; where they land names the item.
import type { VideoTranscriptBody } from '#shared/contract/api/index';
import { segmentsText } from '#service/captions/index';
import type { UpstreamClient } from '#service/upstream/client';
import { fetchCaptionFile } from '../captionFile';
import { videoUrlsIfAny, withoutCaptions } from '../emptyTranscript';
import type { FetchOutcome, PlatformFetcher } from '../fetcher';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { asString, at } from '../json';
import { fetchUpstream } from '../request';
import { landedItem } from '../shortLinks';
import { facebookCaptions, facebookVideoUrls, readFacebookPage } from './page';

const LOGIN_WALL =
  'Facebook showed a login wall instead of the video (the video may be private, friends-only or in a group, or Facebook wants a sign-in from this machine)';

const NO_VIDEO_NODE =
  "Facebook's page has no data for this video (cannot parse data: Facebook may have shown a login wall, or its page layout may have changed)";

export function facebookFetcher(deps: { upstream: UpstreamClient }): PlatformFetcher<'social'> {
  return {
    async fetch(requested, ctx): Promise<FetchOutcome<VideoTranscriptBody>> {
      const fetched = await fetchUpstream(deps.upstream, 'social', { url: requested.normalizedUrl, signal: ctx.signal, headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' } });
      if (!fetched.ok) return { ok: false, ...fetched.failure };
      const response = fetched.response;
      if (/^\/(login|checkpoint)\b/.test(new URL(response.url).pathname)) return { ok: false, ...upstreamFailure(LOGIN_WALL) };
      const refused = statusFailure('social', response, 'this video', { missingMeansGone: true });
      if (refused !== undefined) return { ok: false, ...refused };
      const landing = landedItem('social', requested, response.url);
      if (!landing.ok) return { ok: false, ...landing.failure };
      const { item, resolvedKey } = landing;

      // Posts name no video id; video URLs do (`video:<id>` items).
      const isVideoUrl = item.canonicalKey.startsWith('video:');
      const read = readFacebookPage(response.text(), isVideoUrl ? item.itemId : undefined);
      switch (read.kind) {
        case 'login_wall':
          return { ok: false, ...upstreamFailure(LOGIN_WALL) };
        case 'unavailable':
          return { ok: false, ...noTranscript('social', `Facebook says: ${read.message} (the video is private, restricted or removed)`) };
        case 'no_video':
          // A post may hold only text or photos; a watch, reel or videos URL names a video, so relay
          // data without one is a layout change or a soft login wall, never Facebook saying "no video".
          if (isVideoUrl) return { ok: false, ...upstreamFailure(NO_VIDEO_NODE) };
          return { ok: false, ...noTranscript('social', 'This Facebook post has no video') };
        case 'no_data':
          return { ok: false, ...upstreamFailure("Facebook's page has no video data (cannot parse data; its page layout may have changed)") };
        case 'malformed':
          return { ok: false, ...upstreamFailure("Facebook's page data is not valid JSON") };
        case 'video':
          break;
      }

      const title = asString(read.video.name) ?? asString(at(read.video, 'savable_description', 'text')) ?? read.page.meta('og:title') ?? null;
      const videoUrls = videoUrlsIfAny(facebookVideoUrls(read.video, read.page));
      const chosen = facebookCaptions(read.video, read.page);
      if (chosen === undefined) return withoutCaptions('social', videoUrls, title, resolvedKey, 'This Facebook video has no captions');
      const captions = await fetchCaptionFile(deps.upstream, 'social', chosen.url, ctx.signal);
      if (!captions.ok) return { ok: false, ...captions.failure };
      if (captions.segments.length === 0) return withoutCaptions('social', videoUrls, title, resolvedKey, "This Facebook video's captions file has no cues");
      const transcript = segmentsText(captions.segments, '\n');
      return {
        ok: true,
        transcript: { body: { transcript, ...(videoUrls === undefined ? {} : { videoUrls }) }, text: transcript, segments: captions.segments, title, provenance: chosen.provenance, ...(resolvedKey === undefined ? {} : { resolvedKey }) },
      };
    },
  };
}
