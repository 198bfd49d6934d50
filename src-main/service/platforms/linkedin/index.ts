// professional (LinkedIn): the public post page's first `<video>` → `data-captions-url` (WebVTT)
// → one line per cue (research/upstream-video.md §5.2). Pages without a `<video>` (group posts,
// feed updates) carry the video in `<code>` JSON instead (codeData.ts).
import type { Provenance } from '#shared/contract/provenance';
import type { TextBody } from '#shared/contract/api/index';
import { segmentsText } from '#service/captions/index';
import type { UpstreamClient } from '#service/upstream/client';
import { fetchCaptionFile } from '../captionFile';
import type { FetchOutcome, PlatformFetcher } from '../fetcher';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { HtmlPage } from '../html';
import { httpUrl } from '../json';
import { fetchUpstream } from '../request';
import { linkedinCodeData } from './codeData';

const SIGN_IN_WALL =
  'LinkedIn showed its sign-in wall instead of the post (the post may be members-only, or LinkedIn wants a sign-in from this machine)';

/** Markup every public post page has; without it the page is something we do not know. */
const isPostPage = (page: HtmlPage) => page.meta('og:url') !== undefined || page.meta('og:title') !== undefined || page.first('article') !== undefined;

/**
 * The activity id the page's main post carries (`data-activity-urn` on its card). A ugcPost or share
 * URL is re-keyed to it, so every URL of one post shares a cache entry.
 */
function activityIdOf(page: HtmlPage): string | undefined {
  const urn = page.first('article', (attributes) => 'data-activity-urn' in attributes)?.['data-activity-urn'] ?? '';
  return /^urn:li:activity:(\d{19})$/.exec(urn)?.[1];
}

/**
 * LinkedIn's captions file says nothing of who made it (LinkedIn auto-captions uploads, and authors
 * may upload their own) nor its language: counted as automatic, the weaker claim, language unknown.
 */
const LINKEDIN_CAPTIONS: Provenance = { kind: 'auto-captions', language: null };

export function linkedinFetcher(deps: { upstream: UpstreamClient }): PlatformFetcher<'professional'> {
  return {
    async fetch(item, ctx): Promise<FetchOutcome<TextBody>> {
      const fetched = await fetchUpstream(deps.upstream, 'professional', { url: item.normalizedUrl, signal: ctx.signal, headers: { accept: 'text/html,application/xhtml+xml' } });
      if (!fetched.ok) return { ok: false, ...fetched.failure };
      const response = fetched.response;
      if (/^\/(authwall|login|signup|checkpoint|uas\/login)/.test(new URL(response.url).pathname)) return { ok: false, ...upstreamFailure(SIGN_IN_WALL) };
      const refused = statusFailure('professional', response, 'this post', { missingMeansGone: true });
      if (refused !== undefined) return { ok: false, ...refused };

      const html = response.text();
      const page = new HtmlPage(html);
      // Only the post itself may say "no video": a page in another shape, or one about another post
      // (LinkedIn answers some URLs with a landing or feed page), is not LinkedIn's word on this one.
      if (!isPostPage(page)) return { ok: false, ...upstreamFailure("LinkedIn's answer is not a post page it knows (its page layout may have changed)") };
      if (!html.includes(item.itemId)) return { ok: false, ...upstreamFailure(`LinkedIn answered with a page that does not name post ${item.itemId} (a landing page or a layout change)`) };

      const video = page.first('video', (attributes) => 'data-sources' in attributes || 'data-captions-url' in attributes);
      let captionsUrl: string | undefined;
      if (video !== undefined) {
        captionsUrl = httpUrl(video['data-captions-url']);
      } else {
        const code = linkedinCodeData(html);
        if (code.kind === 'unreadable') return { ok: false, ...upstreamFailure("LinkedIn's post data is not valid JSON") };
        if (code.kind === 'none') return { ok: false, ...noTranscript('professional', 'This LinkedIn post has no video') };
        captionsUrl = code.captionsUrl;
      }
      if (captionsUrl === undefined) return { ok: false, ...noTranscript('professional', 'The video in this LinkedIn post has no captions') };

      const captions = await fetchCaptionFile(deps.upstream, 'professional', captionsUrl, ctx.signal);
      if (!captions.ok) return { ok: false, ...captions.failure };
      if (captions.segments.length === 0) return { ok: false, ...noTranscript('professional', "The video's captions file has no cues") };
      const transcript = segmentsText(captions.segments, '\n');
      const activityId = item.parts?.kind === 'activity' ? undefined : activityIdOf(page);
      return {
        ok: true,
        transcript: { body: { transcript }, text: transcript, segments: captions.segments, title: page.meta('og:title') ?? null, provenance: LINKEDIN_CAPTIONS, ...(activityId === undefined ? {} : { resolvedKey: activityId }) },
      };
    },
  };
}
