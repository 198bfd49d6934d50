// The library: every transcript this install fetched or produced, searchable.
import { z } from 'zod';
import { PROVENANCE_KINDS, provenanceSchema } from './provenance';
import { libraryPlatformSchema, transcriptRefSchema } from './transcript';

/** A provenance kind to filter by; `unknown` is a transcript cached before provenance was recorded. */
export const LIBRARY_PROVENANCE_FILTERS = [...PROVENANCE_KINDS, 'unknown'] as const;
export const libraryProvenanceFilterSchema = z.enum(LIBRARY_PROVENANCE_FILTERS);
export type LibraryProvenanceFilter = z.infer<typeof libraryProvenanceFilterSchema>;

/** A piece of a snippet; `hit` pieces are what matched. The renderer draws them as text, never as HTML. */
export const textPartSchema = z.object({ text: z.string(), hit: z.boolean() });
export type TextPart = z.infer<typeof textPartSchema>;

export const libraryEntrySchema = z.object({
  id: z.number().int(),
  ref: transcriptRefSchema,
  platform: libraryPlatformSchema,
  title: z.string().nullable(),
  /** Podcasts: the show. */
  subtitle: z.string().nullable(),
  /** The page the transcript came from (podcast episodes: the audio file, where known). */
  sourceUrl: z.string().nullable(),
  snippet: z.array(textPartSchema),
  hasTiming: z.boolean(),
  createdAt: z.number(),
  /** Where it came from; null for a transcript cached before that was recorded. */
  provenance: provenanceSchema.nullable(),
});
export type LibraryEntry = z.infer<typeof libraryEntrySchema>;

export const librarySearchInputSchema = z.object({
  /** Words (all must occur, the last one as a prefix) or "a quoted phrase"; empty lists everything, newest first. */
  query: z.string().max(500).default(''),
  platform: libraryPlatformSchema.nullable().default(null),
  /** Inclusive range on when the transcript was stored, ms since epoch. */
  from: z.number().nullable().default(null),
  to: z.number().nullable().default(null),
  /** Only transcripts of this provenance kind. */
  provenance: libraryProvenanceFilterSchema.nullable().default(null),
  limit: z.number().int().min(1).max(500).default(100),
  offset: z.number().int().min(0).default(0),
});

/** A query's matches are counted up to this many; a total above it reads "more than" it (service/store/transcripts.ts). */
export const SEARCH_COUNT_CAP = 1000;

export const librarySearchOutputSchema = z.object({ total: z.number().int(), entries: z.array(libraryEntrySchema) });
