// Where a transcript came from: the first thing a reader needs to judge it. Kept beside the
// transcript (the shared cache's REST bodies stay exactly what the spec defines), shown in the
// viewer and the library, carried in JSON and Markdown exports and in every version.
import { z } from 'zod';

/** The kinds a transcript (and so a library entry) can have; what a language model wrote is not one. */
export const PROVENANCE_KINDS = ['publisher', 'creator-captions', 'auto-captions', 'machine-translated', 'speech-to-text', 'edited'] as const;
export type ProvenanceKind = (typeof PROVENANCE_KINDS)[number];

const language = z.string().min(1).max(40).nullable();

export const provenanceSchema = z.discriminatedUnion('kind', [
  /** A transcript file the publisher ships (podcast:transcript): its format (vtt, srt, json, html, txt). */
  z.object({ kind: z.literal('publisher'), format: z.string().min(1).max(40), language }),
  /** Captions the creator uploaded or typed (YouTube manual tracks, a platform's creator subtitles). */
  z.object({ kind: z.literal('creator-captions'), language }),
  /** The platform's own speech recognition (YouTube `asr`, TikTok ASR subtitles). */
  z.object({ kind: z.literal('auto-captions'), language }),
  /** A track the platform machine-translated from another language. */
  z.object({ kind: z.literal('machine-translated'), language, from: language }),
  /** Our speech-to-text: which engine and model, and `translate` when whisper translated to English. */
  z.object({
    kind: z.literal('speech-to-text'),
    engine: z.string().min(1).max(80),
    model: z.string().max(200).nullable(),
    version: z.string().max(80).nullable(),
    language,
    task: z.enum(['transcribe', 'translate']).default('transcribe'),
  }),
  /** A person's edit of another version (versions keep what they were edited from). */
  z.object({ kind: z.literal('edited'), from: z.string().max(200) }),
  /**
   * What a language model wrote from a transcript (issue 19): a summary or chapters. `model` and
   * `endpoint` (its host, never a key or path) name who wrote it; `from` the transcript version.
   */
  z.object({
    kind: z.literal('generated'),
    task: z.enum(['summary', 'chapters']),
    model: z.string().min(1).max(200),
    endpoint: z.string().max(300),
    from: z.string().max(200),
  }),
  /** Chapters the creator wrote (YouTube description timestamps): preferred over generated ones. */
  z.object({ kind: z.literal('creator-chapters'), platform: z.string().min(1).max(40) }),
]);
export type Provenance = z.infer<typeof provenanceSchema>;
