// What the readable exports (Markdown, DOCX) state about a transcript before its words: one
// derivation, so the two formats never disagree on a date or a duration.
import { libraryPlatformName } from '../platforms';
import type { TranscriptDocument } from './formatters';
import { provenanceLabel } from './provenanceLabel';

export interface DocumentFacts {
  title: string | null;
  url: string | null;
  platformName: string | null;
  source: string | null;
  /** `YYYY-MM-DD` (UTC) of when the transcript was made. */
  date: string | null;
  durationMs: number | null;
  language: string | null;
  provenance: string | null;
}

/** One line of text: a title or a name with line breaks would break a heading or a property. */
const oneLine = (value: string | null | undefined) => {
  const line = (value ?? '').replace(/\s+/g, ' ').trim();
  return line === '' ? null : line;
};

export function documentFacts(doc: TranscriptDocument): DocumentFacts {
  const segments = doc.segments ?? [];
  const lastEnd = segments.reduce((end, s) => Math.max(end, s.endMs), 0);
  return {
    title: oneLine(doc.title),
    url: oneLine(doc.sourceUrl),
    platformName: doc.platform === undefined ? null : libraryPlatformName(doc.platform),
    source: oneLine(doc.source),
    date: doc.createdAt === null || doc.createdAt === undefined ? null : new Date(doc.createdAt).toISOString().slice(0, 10),
    durationMs: doc.durationMs ?? (lastEnd > 0 ? lastEnd : null),
    language: oneLine(doc.language),
    provenance: doc.provenance === null || doc.provenance === undefined ? null : provenanceLabel(doc.provenance),
  };
}
