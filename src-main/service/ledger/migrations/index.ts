import { sql as initial } from './001_initial';
import { sql as speechToText } from './002_speech_to_text';
import { sql as podcastWork } from './003_podcast_work';
import { sql as desk } from './004_desk';
import { sql as podcastStart } from './005_podcast';
import { sql as compactStore } from './006_compact_store';
import { sql as ledgerAtScale } from './007_ledger_at_scale';
import { sql as cacheTotals } from './008_cache_totals';
import { sql as mediaJobs } from './009_media_jobs';
import { sql as follows } from './010_follows';
import { sql as provenance } from './011_provenance';
import { sql as transcriptVersions } from './012_transcript_versions';

export interface Migration {
  /** Strictly increasing; stored in `PRAGMA user_version` once applied. */
  version: number;
  name: string;
  sql: string;
}

// Append only. An applied migration is never edited: its hash is checked at every start.
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'speech_to_text', sql: speechToText },
  { version: 3, name: 'podcast_work', sql: podcastWork },
  { version: 4, name: 'desk', sql: desk },
  { version: 5, name: 'podcast_start', sql: podcastStart },
  { version: 6, name: 'compact_store', sql: compactStore },
  { version: 7, name: 'ledger_at_scale', sql: ledgerAtScale },
  { version: 8, name: 'cache_totals', sql: cacheTotals },
  { version: 9, name: 'media_jobs', sql: mediaJobs },
  { version: 10, name: 'follows', sql: follows },
  { version: 11, name: 'provenance', sql: provenance },
  { version: 12, name: 'transcript_versions', sql: transcriptVersions },
];
