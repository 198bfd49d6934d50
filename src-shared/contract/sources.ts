// Sources: a URL that names many items (a YouTube playlist or channel, an Apple Podcasts show, a
// podcast RSS/Atom feed, a Twitch channel's clips), expanded into the item URLs the service takes,
// and follows: sources checked on a schedule whose new items queue themselves (src-main/desk/follows).
import { z } from 'zod';
import { platformSchema } from './transcript';

/**
 * `youtube-playlist`: `/playlist?list=…`. `youtube-channel`: `/@handle`, `/channel/UC…`, `/c/…`,
 * `/user/…`, with a tab (videos, shorts, streams). `apple-show`: an Apple Podcasts show page (no
 * `?i=`). `podcast-feed`: any RSS or Atom feed (known only after fetching it). `twitch-clips`: a
 * Twitch channel's clips page (`/<login>/clips`, `?range=24hr|7d|30d|all`).
 */
export const SOURCE_KINDS = ['youtube-playlist', 'youtube-channel', 'apple-show', 'podcast-feed', 'twitch-clips'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const YOUTUBE_TABS = ['videos', 'shorts', 'streams'] as const;
export type YoutubeTab = (typeof YOUTUBE_TABS)[number];
export const CLIP_PERIODS = ['24hr', '7d', '30d', 'all'] as const;
export type ClipPeriod = (typeof CLIP_PERIODS)[number];

export const sourceSchema = z.object({
  kind: z.enum(SOURCE_KINDS),
  /** The source's own URL in its one canonical form (what a follow stores and `expand` prints first). */
  url: z.string(),
  /** Identity of the source: two forms of one playlist or feed share it (a follow is unique per key). */
  key: z.string(),
  /** The playlist's, channel's, show's or feed's name; the URL when the site gives none. */
  title: z.string(),
  /** A channel's tab or a clip period, when the kind has one. */
  tab: z.union([z.enum(YOUTUBE_TABS), z.enum(CLIP_PERIODS)]).nullable(),
});
export type Source = z.infer<typeof sourceSchema>;

export const sourceItemSchema = z.object({
  /** A URL the service takes (a watch URL, an episode URL, a clip URL …), ready for `queue.enqueue` or `get`. */
  url: z.string(),
  platform: platformSchema,
  /** The item's id as `parseAny` gives it (video id, episode id, clip slug …). */
  itemId: z.string(),
  title: z.string(),
  /** ms since epoch; null when the site does not say (a playlist row has no date). */
  publishedAt: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  /** The library already has its transcript: the picker leaves it unticked, a follow skips it. */
  inLibrary: z.boolean(),
});
export type SourceItem = z.infer<typeof sourceItemSchema>;

export const sourceExpansionSchema = z.object({
  source: sourceSchema,
  /** In the source's own order: newest first for channels, feeds, shows and clips; the playlist's order for playlists. */
  items: z.array(sourceItemSchema),
  /**
   * False when more items exist than were read: the `newest` asked for was reached, or the source
   * is longer than MAX_SOURCE_ITEMS. `note` says which.
   */
  complete: z.boolean(),
  note: z.string().nullable(),
});
export type SourceExpansion = z.infer<typeof sourceExpansionSchema>;

/** A source is read up to this many items (a 3,050-episode feed fits; a 30,000-video channel is cut, saying so). */
export const MAX_SOURCE_ITEMS = 5_000;

export const expandInputSchema = z.object({
  url: z.string().min(1).max(4096),
  /** Only the newest N (stops paging once they are read). */
  newest: z.number().int().min(1).max(MAX_SOURCE_ITEMS).optional(),
  /** Only items published at or after this (ms since epoch); items without a date are kept. */
  since: z.number().optional(),
});
export type ExpandInput = z.infer<typeof expandInputSchema>;

// ── Follows ────────────────────────────────────────────────────────────────────────────────────

export const FOLLOW_STATUSES = [
  /** Checked, nothing wrong; `nextCheckAt` says when again. */
  'ok',
  /** A check is running now. */
  'checking',
  /** The site refused (429, a challenge, a block): the next check waits longer; `message` says why. */
  'backing-off',
  /** This month's credit budget is spent: new items are recorded but not queued until the month turns. */
  'over-budget',
  /** New items wait for the nightly window. */
  'waiting-for-window',
  /** The person paused it. */
  'paused',
  /** The last check failed for a reason retrying will not change (the source is gone): `message`. */
  'failed',
] as const;
export type FollowStatus = (typeof FOLLOW_STATUSES)[number];

/** Hours of the local day, `start` inclusive, `end` exclusive; may wrap midnight (22 → 6). */
export const followWindowSchema = z.object({ startHour: z.number().int().min(0).max(23), endHour: z.number().int().min(0).max(23) }).refine((w) => w.startHour !== w.endHour, 'the window must not be empty');

export const MIN_FOLLOW_INTERVAL_MINUTES = 5;
export const DEFAULT_FOLLOW_INTERVAL_MINUTES = 60;

export const followSettingsSchema = z.object({
  intervalMinutes: z.number().int().min(MIN_FOLLOW_INTERVAL_MINUTES).max(7 * 24 * 60),
  /** Items published before this (ms since epoch) are never queued; null: no date limit. */
  since: z.number().nullable(),
  /** At the first check, queue the newest N items already there (0: only what appears from now on). */
  backfill: z.number().int().min(0).max(500),
  /** Only queue (and run) new items inside these local hours; null: any time. */
  window: followWindowSchema.nullable(),
  /** Credits this follow may spend per calendar month (UTC); null: no budget. */
  monthlyBudget: z.number().int().min(0).max(1_000_000).nullable(),
});
export type FollowSettings = z.infer<typeof followSettingsSchema>;

export const followSchema = followSettingsSchema.extend({
  id: z.string(),
  source: sourceSchema,
  paused: z.boolean(),
  status: z.enum(FOLLOW_STATUSES),
  /** Why the status is what it is, in words (a 429's site and wait, the budget reached …). */
  message: z.string().nullable(),
  createdAt: z.number(),
  lastCheckAt: z.number().nullable(),
  /** What the last check found: items seen in the source, new ones, how many were queued. */
  lastCheck: z.object({ seen: z.number().int(), newItems: z.number().int(), queued: z.number().int(), error: z.string().nullable() }).nullable(),
  nextCheckAt: z.number().nullable(),
  /** Credits spent by this follow's items in `budgetMonth` (`YYYY-MM`, UTC). */
  spentThisMonth: z.number().int(),
  budgetMonth: z.string(),
  /** New transcripts since the person last looked at the Follows view: the badge. */
  unseen: z.number().int(),
  /** Items of this source known to the follow (for "export the whole source"). */
  itemsKnown: z.number().int(),
});
export type Follow = z.infer<typeof followSchema>;

const followId = z.object({ id: z.string().min(1).max(100) });

export const SOURCE_OPERATIONS = {
  /** Reads a source (through the upstream client and its per-site pacing) into item URLs, with library marks. */
  'sources.expand': { input: expandInputSchema, output: sourceExpansionSchema },
  'follows.list': { input: z.object({}).strict(), output: z.object({ follows: z.array(followSchema) }) },
  /** Follows a source (expanded once to check it and to name it); a second follow of one source answers `invalid_input`. */
  'follows.add': { input: followSettingsSchema.partial().extend({ url: z.string().min(1).max(4096) }), output: z.object({ follow: followSchema }) },
  'follows.update': { input: followSettingsSchema.partial().extend(followId.shape), output: z.object({ follow: followSchema }) },
  'follows.remove': { input: followId, output: z.object({ removed: z.boolean() }) },
  'follows.pause': { input: followId, output: z.object({ follow: followSchema }) },
  'follows.resume': { input: followId, output: z.object({ follow: followSchema }) },
  /** Checks now (a paused follow too), whatever its schedule says. */
  'follows.check': { input: followId, output: z.object({ follow: followSchema }) },
  /** The person looked: the badge (`unseen`) goes back to 0, for these follows or all. */
  'follows.seen': { input: z.object({ ids: z.array(z.string().max(100)).max(1000).optional() }), output: z.object({}) },
} as const;

/** Follows changed (a check began or ended, settings, removal). */
export const followsChangedSchema = z.object({ upserted: z.array(followSchema), removed: z.array(z.string()) });
/** New transcripts of followed sources landed in the library: the desktop notification's content. */
export const followsLandedSchema = z.object({ followId: z.string(), sourceTitle: z.string(), titles: z.array(z.string()), count: z.number().int() });
