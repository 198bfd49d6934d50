// A person's versions of a transcript (issue 18: editing with versions), as the store port keeps
// them. Version 0, "Original", is the cache entry or the podcast episode itself: it is never copied
// here and never altered, so the shared cache's REST bodies stay what the spec defines. Every other
// version (an edit, a re-transcription) is a row of its own, numbered 1, 2, … per transcript.
//
// A transcript is named by `refKey` (versionRefKey in desk/versions: its kind, platform and
// canonical key), and each has at most one chosen "export version": the one exports and the
// viewer use. No choice is the original.
import type { Provenance } from '#shared/contract/provenance';
import type { Segment } from '#shared/transcript';

export interface TranscriptVersion {
  id: string;
  refKey: string;
  /** 1, 2, … in the order they were made for this transcript (the original is 0 and is not stored). */
  number: number;
  createdAt: number;
  label: string;
  provenance: Provenance;
  /** The version it was made from; null is the original. A deleted parent leaves the id dangling: `provenance.from` keeps its label. */
  parent: string | null;
  text: string;
  segments: Segment[] | null;
}

export type NewTranscriptVersion = Omit<TranscriptVersion, 'number'>;

export interface VersionStore {
  /** Stores a version numbered one past the transcript's highest (numbers are never reused while higher ones remain). */
  add(version: NewTranscriptVersion): Promise<TranscriptVersion>;
  get(id: string): Promise<TranscriptVersion | undefined>;
  /** The transcript's versions, lowest number first. */
  list(refKey: string): Promise<TranscriptVersion[]>;
  /**
   * Deletes a version. When it was the chosen one, the choice goes to its parent (when that still
   * exists for this transcript), otherwise to the original. Returns whether it existed.
   */
  remove(id: string): Promise<boolean>;
  /** Deletes every version of a transcript and its choice (the transcript left the library); returns how many went. */
  removeAll(refKey: string): Promise<number>;
  /** The chosen version's id, or null for the original (also when nothing was chosen). */
  chosen(refKey: string): Promise<string | null>;
  /** Chooses a version of this transcript (null: the original); false when `id` is not one of its versions. */
  choose(refKey: string, id: string | null): Promise<boolean>;
}

/** What both stores keep as JSON beside the row's looked-up columns. */
export interface VersionRecord {
  label: string;
  provenance: Provenance;
  parent: string | null;
  text: string;
  segments: Segment[] | null;
}

export const versionRecord = (v: NewTranscriptVersion): VersionRecord => ({ label: v.label, provenance: v.provenance, parent: v.parent, text: v.text, segments: v.segments });

export interface VersionRow {
  id: string;
  ref_key: string;
  number: number;
  created_at: number;
  record: string;
}

export function versionOfRow(row: VersionRow): TranscriptVersion {
  const record = JSON.parse(row.record) as VersionRecord;
  return { id: row.id, refKey: row.ref_key, number: Number(row.number), createdAt: Number(row.created_at), ...record };
}
