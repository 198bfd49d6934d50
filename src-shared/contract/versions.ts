// Editing with versions (issue 18): a transcript's versions, the edits that make new ones, the
// chosen export version and "Transcribe again". Version 0 is the original (the cache entry or the
// episode, `id: null` here): never copied, never altered. Every edit makes a new version from the
// one named in `from`, with provenance `{ kind: 'edited', from: <that version's name> }`.
//
// The export version: a new version (an edit, a re-transcription) becomes the chosen one, because
// the latest thing the person made is what they mean to export; the versions panel chooses another
// (the original included) at any time. Deleting the chosen version chooses its parent.
import { z } from 'zod';
import { ENGINE_IDS } from '../settings';
import { provenanceSchema } from './provenance';
import { segmentSchema, transcriptRefSchema } from './transcript';

/** A version's id; null is the original. */
const versionId = z.string().min(1).max(100).nullable();
const index = z.number().int().min(0).max(1_000_000);
const speaker = z.string().trim().min(1).max(200);

export const versionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** What made it, in a few words ("Renamed Ann → Bob", "pocketsphinx"). */
  label: z.string(),
  /** `v<number> · <label>`: how lists, the diff and `provenance.from` name it. */
  name: z.string(),
  createdAt: z.number(),
  provenance: provenanceSchema,
  parent: z.string().nullable(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

export const versionsViewSchema = z.object({
  versions: z.array(versionSummarySchema),
  /** The version exports use; null is the original. */
  exportVersion: z.string().nullable(),
});
export type VersionsView = z.infer<typeof versionsViewSchema>;

/** One version's content (the original's too, `id: null`): what the viewer shows and the diff compares. */
export const versionContentSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  text: z.string(),
  segments: z.array(segmentSchema).nullable(),
  /** The version's own provenance (an edit, a re-transcription); the original's as the view has it. */
  provenance: provenanceSchema.nullable(),
});
export type VersionContent = z.infer<typeof versionContentSchema>;

/** The edits (desk/versions/edits.ts applies them). Indexes count the version's segments from 0. */
export const editSchema = z.discriminatedUnion('kind', [
  /** A segment's text fixed. */
  z.object({ kind: z.literal('segmentText'), index, text: z.string().trim().min(1).max(20_000) }),
  /** Every segment of speaker `from` given to `to`. */
  z.object({ kind: z.literal('renameSpeaker'), from: speaker, to: speaker }),
  /** Segment `index` and the one after it become one. */
  z.object({ kind: z.literal('merge'), index }),
  /** Segment `index` cut before character `at` of its text. */
  z.object({ kind: z.literal('split'), index, at: z.number().int().min(0).max(20_000) }),
  /** Every whole-word occurrence of `from` (any case, any spacing between its words) written as `to`: a vocabulary suggestion applied. */
  z.object({ kind: z.literal('replace'), from: z.string().trim().min(1).max(200), to: z.string().trim().min(1).max(200) }),
  /** A transcript without segments (free text): its whole text. */
  z.object({ kind: z.literal('text'), text: z.string().trim().min(1).max(5_000_000) }),
]);
export type Edit = z.infer<typeof editSchema>;

const ref = transcriptRefSchema;
const changed = z.object({ version: versionSummarySchema, exportVersion: z.string().nullable() });

export const VERSION_OPERATIONS = {
  'versions.list': { input: z.object({ ref }), output: versionsViewSchema },
  'versions.get': { input: z.object({ ref, id: versionId }), output: versionContentSchema },
  /** A new version: `edit` applied to version `from`; it becomes the export version. */
  'versions.edit': { input: z.object({ ref, from: versionId, edit: editSchema }), output: changed },
  'versions.choose': { input: z.object({ ref, id: versionId }), output: versionsViewSchema },
  /** Deletes a version (never the original); the export choice moves to its parent when it was chosen. */
  'versions.delete': { input: z.object({ ref, id: z.string().min(1).max(100) }), output: versionsViewSchema },
  /**
   * "Transcribe again with …": the item's audio (a podcast episode's audio file, a local file)
   * through this machine's speech-to-text with `engine` (and a whisper `model` from the catalogue),
   * as a new version; free, like a local file (desk/versions/retranscribe.ts says why).
   */
  'versions.retranscribe': {
    input: z.object({
      ref,
      engine: z.enum(ENGINE_IDS),
      model: z.string().min(1).max(100).optional(),
      language: z.string().min(1).max(40).optional(),
      task: z.enum(['transcribe', 'translate']).optional(),
    }),
    output: changed,
  },
} as const;
