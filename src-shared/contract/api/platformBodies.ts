// The spec's §2.3 answers, one schema per platform, without the universal `credits` and `cached`
// of §2.2 (the cache keeps a body without them; `transcriptResponseSchema` adds them back). The
// fetchers build these types, the core hands them on, and the REST tests parse what the server
// sends against them. Objects are strict: a field the spec does not name is a defect, except in
// a caption track, whose further fields the spec leaves open (they pass, unchecked).
import { z } from 'zod';
import type { SyncPlatformToken } from '#shared/platforms';

/** A longform segment: times are strings of integer milliseconds (lossless for large values). */
export const longformSegmentSchema = z.strictObject({
  text: z.string(),
  startMs: z.string().regex(/^\d+$/),
  endMs: z.string().regex(/^\d+$/),
  startTimeText: z.string(),
});

/** One entry of `captionTracks`: the spec's four fields, and YouTube's `kind` (`asr`) and `vssId` where it sends them. */
export const specCaptionTrackSchema = z.object({
  baseUrl: z.string(),
  name: z.object({ simpleText: z.string() }),
  languageCode: z.string(),
  isTranslatable: z.boolean(),
  kind: z.string().optional(),
  vssId: z.string().optional(),
});
export type SpecCaptionTrack = z.infer<typeof specCaptionTrackSchema>;

export const longformBodySchema = z.strictObject({
  success: z.boolean(),
  type: z.literal('video'),
  url: z.string(),
  transcript: z.array(longformSegmentSchema),
  transcript_only_text: z.string(),
  /** The returned track's human-readable name. */
  language: z.string(),
  videoId: z.string(),
  captionTracks: z.array(specCaptionTrackSchema),
});
export type LongformBody = z.infer<typeof longformBodySchema>;

/** `shortform` and `social`: `hd` is typically null; the object is omitted when no video URL is exposed. */
export const videoUrlsSchema = z.strictObject({ sd: z.string().nullable(), hd: z.string().nullable(), thumbnail: z.string().nullable() });
export type VideoUrls = z.infer<typeof videoUrlsSchema>;

export const videoTranscriptBodySchema = z.strictObject({ transcript: z.string(), videoUrls: videoUrlsSchema.optional() });
export type VideoTranscriptBody = z.infer<typeof videoTranscriptBodySchema>;

/** `reels`: plural `transcripts`, normally one entry; no singular `transcript`. */
export const reelsBodySchema = z.strictObject({
  success: z.boolean(),
  transcripts: z.array(z.strictObject({ id: z.string(), shortcode: z.string(), text: z.string() })),
});
export type ReelsBody = z.infer<typeof reelsBodySchema>;

/** `professional`, `openvideo`, `microblog`: newline-separated text and nothing else. */
export const textBodySchema = z.strictObject({ transcript: z.string() });
export type TextBody = z.infer<typeof textBodySchema>;

/** `clips_a` (id starts with `clip_`) and `clips_b` (numeric id). */
export const clipBodySchema = z.strictObject({
  success: z.boolean(),
  id: z.string(),
  url: z.string(),
  transcript: z.string(),
  transcript_source: z.enum(['native', 'ai']),
});
export type ClipBody = z.infer<typeof clipBodySchema>;

export const PLATFORM_BODY_SCHEMAS = {
  longform: longformBodySchema,
  shortform: videoTranscriptBodySchema,
  reels: reelsBodySchema,
  social: videoTranscriptBodySchema,
  professional: textBodySchema,
  openvideo: textBodySchema,
  microblog: textBodySchema,
  clips_a: clipBodySchema,
  clips_b: clipBodySchema,
} as const satisfies Record<SyncPlatformToken, z.ZodType>;

/** The body each platform answers, by its spec token. */
export type PlatformBodies = { [P in SyncPlatformToken]: z.infer<(typeof PLATFORM_BODY_SCHEMAS)[P]> };
/** Any platform's body: what a fetcher returns and the cache keeps. */
export type PlatformBody = PlatformBodies[SyncPlatformToken];

/** §2.2: what every 200 adds: the balance after the call, and `cached: true` only on a cache hit. */
const universalFields = { credits: z.number().int(), cached: z.literal(true).optional() };

/** The whole 200 answer of `POST /api/{platform}/transcript` for one platform. */
export function transcriptResponseSchema(platform: SyncPlatformToken) {
  return PLATFORM_BODY_SCHEMAS[platform].extend(universalFields);
}
