// Summaries, chapters and answers from the person's own language model (issue 19). Nothing here is
// sent anywhere unless Settings ▸ Language model names an endpoint and a model; `llm` in every
// answer says whether one is set, where it is, and what to do when it is not.
//
// Summaries and chapters are kept as versions (src-main/desk/insights/stored.ts says how), with
// the model named in their provenance; chapters the creator wrote come first where there are some.
import { z } from 'zod';
import { libraryProvenanceFilterSchema } from './library';
import { provenanceSchema } from './provenance';
import { libraryPlatformSchema, transcriptRefSchema } from './transcript';

/** Where the language model is, as the desk shows it (never its key). */
export const llmStatusSchema = z.object({
  configured: z.boolean(),
  /** The endpoint's host (`localhost:11434`); null when none is set. */
  endpoint: z.string().nullable(),
  model: z.string().nullable(),
  /** When not configured: the sentence that says how to set one up. */
  howTo: z.string().nullable(),
});
export type LlmStatus = z.infer<typeof llmStatusSchema>;

export const chapterSchema = z.object({
  /** Seconds from the start. */
  start: z.number().min(0),
  title: z.string().min(1).max(300),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const summarySchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.number(),
  provenance: provenanceSchema,
});
export type Summary = z.infer<typeof summarySchema>;

export const chaptersSchema = z.object({
  /** The stored version's id (creator chapters are stored too, so they are read from the page once); null if not stored. */
  id: z.string().nullable(),
  chapters: z.array(chapterSchema),
  createdAt: z.number(),
  /** `creator-chapters` or `generated` (task `chapters`). */
  provenance: provenanceSchema,
  /** Said once, with chapters just made: why they are not the creator's (the description could not be read). */
  note: z.string().optional(),
});
export type Chapters = z.infer<typeof chaptersSchema>;

export const insightsViewSchema = z.object({
  summary: summarySchema.nullable(),
  chapters: chaptersSchema.nullable(),
  llm: llmStatusSchema,
});
export type InsightsView = z.infer<typeof insightsViewSchema>;

/** A passage the answer cites: a stored segment of a library transcript (or a stretch of its text). */
export const citationSchema = z.object({
  /** The number the answer uses: `[1]`. */
  n: z.number().int().min(1),
  libraryId: z.number().int(),
  ref: transcriptRefSchema,
  title: z.string().nullable(),
  platform: libraryPlatformSchema,
  /** Seconds; null for a transcript without timing. */
  start: z.number().nullable(),
  end: z.number().nullable(),
  /** Index of the segment in the transcript as the viewer shows it; null without segments. */
  segmentIndex: z.number().int().nullable(),
  /** The stored segment's text (what the citation really points at). */
  text: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

/** A citation the model made up or got wrong: shown as a warning, never as a link. */
export const flaggedCitationSchema = z.object({
  n: z.number().int().nullable(),
  quote: z.string().nullable(),
  reason: z.string(),
});
export type FlaggedCitation = z.infer<typeof flaggedCitationSchema>;

/** The answer as pieces: text, or a verified citation's number (the renderer draws it as a link). */
export const answerPartSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  // `citation`: the index in `citations` (one passage number may be cited at two different segments).
  z.object({ kind: z.literal('cite'), n: z.number().int().min(1), citation: z.number().int().min(0) }),
]);
export type AnswerPart = z.infer<typeof answerPartSchema>;

export const askScopeSchema = z.object({
  /** Only these library entries (a selection); absent: the whole library. */
  ids: z.array(z.number().int()).min(1).max(500).optional(),
  platform: libraryPlatformSchema.nullable().default(null),
  provenance: libraryProvenanceFilterSchema.nullable().default(null),
});

export type AskScope = z.infer<typeof askScopeSchema>;

export const askInputSchema = z.object({
  question: z.string().trim().min(1).max(2000),
  scope: askScopeSchema.default({ platform: null, provenance: null }),
});

export const askAnswerSchema = z.object({
  question: z.string(),
  parts: z.array(answerPartSchema),
  citations: z.array(citationSchema),
  flagged: z.array(flaggedCitationSchema),
  /** Which transcripts' passages were sent to the model, so the person knows what left the desk. */
  sent: z.array(z.object({ libraryId: z.number().int(), title: z.string().nullable() })),
  endpoint: z.string(),
  model: z.string(),
  /** True when the library had nothing that matched: no request was made. */
  nothingFound: z.boolean(),
});
export type AskAnswer = z.infer<typeof askAnswerSchema>;

const ref = transcriptRefSchema;

export const INSIGHT_OPERATIONS = {
  /** What is stored for a transcript (no request is made), and where the model is. */
  'insights.get': { input: z.object({ ref }), output: insightsViewSchema },
  /**
   * Makes a summary or chapters with the configured model (a stored one of the same model and
   * transcript version is answered instead, unless `refresh`). Chapters: the creator's first.
   */
  'insights.make': { input: z.object({ ref, what: z.enum(['summary', 'chapters']), refresh: z.boolean().default(false) }), output: insightsViewSchema },
  /** A question over the library (or a selection): an answer whose citations are checked against the stored segments. */
  'library.ask': { input: askInputSchema, output: askAnswerSchema },
  /** Where the model is (Settings and the ask box explain what to do without one). */
  'llm.status': { input: z.object({}).strict(), output: llmStatusSchema },
  /**
   * Settings ▸ Language model's "Test": one tiny request ("Reply with OK") to the form's base URL
   * and model (before saving) or the saved ones, and the answer or the error in words. Sends no
   * transcript; with nothing set, answers how to set one up and sends nothing.
   */
  'llm.test': {
    input: z.strictObject({ baseUrl: z.string().max(2048).optional(), model: z.string().max(300).optional(), key: z.string().max(512).optional() }),
    output: z.object({ ok: z.boolean(), message: z.string() }),
  },
} as const;
