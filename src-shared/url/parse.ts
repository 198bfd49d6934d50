// URL rules of the spec's §4.1 as pure functions: the renderer classifies a dropped URL with the
// same code the service uses to answer 400, so the two can never disagree.
import { PLATFORMS, type PlatformToken } from '../platforms';
import { prepareUrl } from './prepare';
import { clipsARule } from './rules/clipsA';
import { clipsBRule } from './rules/clipsB';
import { isFeedEpisodeUrl, matchFeedEpisode } from './rules/feedEpisode';
import { longformRule } from './rules/longform';
import { microblogRule } from './rules/microblog';
import { openvideoRule } from './rules/openvideo';
import { podcastRule } from './rules/podcast';
import { professionalRule } from './rules/professional';
import { reelsRule } from './rules/reels';
import { shortformRule } from './rules/shortform';
import { socialRule } from './rules/social';
import type { PlatformRule, UrlParseResult, UrlRejection } from './types';

export type { ParsedItem, UrlParseResult, UrlRejection } from './types';

const RULES: Readonly<Record<PlatformToken, PlatformRule>> = {
  longform: longformRule,
  shortform: shortformRule,
  reels: reelsRule,
  social: socialRule,
  professional: professionalRule,
  openvideo: openvideoRule,
  microblog: microblogRule,
  clips_a: clipsARule,
  clips_b: clipsBRule,
  podcast: podcastRule,
};

function reject(platform: PlatformToken | undefined, reason: string): UrlRejection {
  const error = platform === undefined ? 'Invalid URL' : PLATFORMS[platform].invalidUrlText;
  return platform === undefined ? { ok: false, error, reason } : { ok: false, platform, error, reason };
}

function apply(rule: PlatformRule, url: URL): UrlParseResult {
  const outcome = rule.match(url);
  if ('reason' in outcome) return reject(rule.platform, outcome.reason);
  return { ok: true, platform: rule.platform, ...outcome };
}

/** Checks `input` against one platform's rules (what `POST /api/{platform}/transcript` does). Never throws. */
export function parseForPlatform(platform: PlatformToken, input: unknown): UrlParseResult {
  const url = prepareUrl(input);
  if (!(url instanceof URL)) return reject(platform, url.reason);
  if (platform === 'podcast' && isFeedEpisodeUrl(url)) return feedEpisode(url);
  const rule = RULES[platform];
  if (!rule.ownsHost(url.hostname)) {
    const other = detectRule(url);
    const hint = other === undefined ? '' : ` (this looks like a ${PLATFORMS[other.platform].uiName} link)`;
    return reject(platform, `Not a ${PLATFORMS[platform].uiName} link${hint}`);
  }
  return apply(rule, url);
}

/** Finds the platform of any URL (what the renderer does with a dropped list). Never throws. */
export function parseAny(input: unknown): UrlParseResult {
  const url = prepareUrl(input);
  if (!(url instanceof URL)) return reject(undefined, url.reason);
  const rule = detectRule(url);
  if (rule === undefined && isFeedEpisodeUrl(url)) return feedEpisode(url);
  if (rule === undefined) return reject(undefined, 'Not a link to a supported platform');
  return apply(rule, url);
}

/** A podcast episode named by its feed and guid (rules/feedEpisode.ts): any host, so no rule owns it. */
function feedEpisode(url: URL): UrlParseResult {
  const outcome = matchFeedEpisode(url);
  return 'reason' in outcome ? reject('podcast', outcome.reason) : { ok: true, platform: 'podcast', ...outcome };
}

function detectRule(url: URL): PlatformRule | undefined {
  return Object.values(RULES).find((rule) => rule.ownsHost(url.hostname));
}
