// Transcripts of files on this machine (the desk's dropped media, `transcribe FILE`) in the library:
// platform `local`, kept (never evicted), with the file and the engine as provenance. One file
// (same path, size and modification time) is one library item: transcribing it again replaces it.
import { createHash } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCAL_PLATFORM } from '#shared/platforms';
import type { Segment } from '#shared/transcript';
import type { Provenance } from '#shared/contract/provenance';
import type { CachedTranscript, Store } from './store/port';
import { speechProvenance } from './stt/provenance';

/** The cache body of a local transcript: what the viewer shows as provenance and the player reads. */
export interface LocalTranscriptBody {
  kind: 'local-file';
  file: { name: string; path: string; sizeBytes: number; durationSeconds: number; video: boolean };
  engine: string;
  model: string | null;
  transcribedAt: number;
}

export interface LocalFileIdentity {
  /** The real path (links followed). */
  path: string;
  sizeBytes: number;
  key: string;
}

/** The library key of a file: its real path, size and modification time, hashed. */
export async function localFileIdentity(file: string): Promise<LocalFileIdentity> {
  const path = await realpath(file);
  const info = await stat(path);
  const key = createHash('sha256').update(`${path}\0${info.size}\0${Math.round(info.mtimeMs)}`).digest('hex').slice(0, 32);
  return { path, sizeBytes: info.size, key };
}

export interface LocalTranscriptInput {
  identity: LocalFileIdentity;
  /** The name the person knows the file by (an upload's original name). */
  name?: string;
  /** The file's title tag; the name without its extension when absent. */
  title?: string | null;
  video: boolean;
  text: string;
  segments: Segment[];
  durationSeconds: number;
  engine: string;
  model: string | null;
}

export const titleFromName = (name: string): string => name.replace(/\.[^.]{1,8}$/, '') || name;

/** Stores the transcript as a kept library item; returns its key. */
export async function keepLocalTranscript(store: Store, input: LocalTranscriptInput, now = Date.now()): Promise<string> {
  const { identity } = input;
  const name = input.name ?? basename(identity.path);
  const body: LocalTranscriptBody = {
    kind: 'local-file',
    file: { name, path: identity.path, sizeBytes: identity.sizeBytes, durationSeconds: input.durationSeconds, video: input.video },
    engine: input.engine,
    model: input.model,
    transcribedAt: now,
  };
  const title = input.title ?? titleFromName(name);
  await store.cache.put({ platform: LOCAL_PLATFORM, canonicalKey: identity.key, sourceUrl: pathToFileURL(identity.path).href, title, body: { ...body }, text: input.text, segments: input.segments, provenance: localProvenance(body) });
  await store.cache.keep(LOCAL_PLATFORM, identity.key);
  return identity.key;
}

/**
 * A local file's transcript is our speech-to-text, whose engine and model its body has always
 * named: so even one cached before provenance was recorded is known. The language is not kept.
 */
export function localProvenance(body: Pick<LocalTranscriptBody, 'engine' | 'model'>): Provenance {
  return speechProvenance(body, null);
}

/** The provenance of a cached local transcript; undefined for any other (or a body of another shape). */
export function localBodyOf(cached: CachedTranscript): LocalTranscriptBody | undefined {
  if (cached.platform !== LOCAL_PLATFORM) return undefined;
  const body = cached.body as Partial<LocalTranscriptBody>;
  return body.kind === 'local-file' && typeof body.file?.path === 'string' ? (body as LocalTranscriptBody) : undefined;
}
