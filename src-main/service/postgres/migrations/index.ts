// The PostgreSQL schema's own numbered migrations (the SQLite ledger's history does not apply here:
// 001 starts from what SQLite's 008 holds). Append only: an applied migration's SHA-256 is checked
// at every start, so its text is never edited; add a new one.
import type { Migration } from '../migrate';
import { sql as initial } from './001_initial';
import { sql as sttTasks } from './002_stt_tasks';
import { sql as library } from './003_library';
import { sql as queue } from './004_queue';
import { sql as podcast } from './005_podcast';
import { sql as cluster } from './006_cluster';
import { sql as mediaJobs } from './007_media_jobs';
import { sql as follows } from './008_follows';
import { sql as provenance } from './009_provenance';
import { sql as transcriptVersions } from './010_transcript_versions';

export const PG_MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'stt_tasks', sql: sttTasks },
  { version: 3, name: 'library', sql: library },
  { version: 4, name: 'queue', sql: queue },
  { version: 5, name: 'podcast', sql: podcast },
  { version: 6, name: 'cluster', sql: cluster },
  { version: 7, name: 'media_jobs', sql: mediaJobs },
  { version: 8, name: 'follows', sql: follows },
  { version: 9, name: 'provenance', sql: provenance },
  { version: 10, name: 'transcript_versions', sql: transcriptVersions },
];
