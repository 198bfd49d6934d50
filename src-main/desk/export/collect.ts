// What an export holds: each requested transcript formatted, or the reason it is skipped. One
// transcript reached through two links (youtu.be and watch?v=, a TikTok short link and its full
// link) is formatted once: items are folded by the transcript's identity, platform + canonical id.
import type { ExportInput } from '#shared/contract/exports';
import type { QueueItem } from '#shared/contract/queue';
import { DeskError } from '#shared/contract/result';
import type { TranscriptView } from '#shared/contract/transcript';
import { formatExport } from '#shared/format/exportFile';
import { baseName, DEFAULT_NAME_PATTERN, patternName } from '#shared/format/fileNames';
import { libraryPlatformName } from '#shared/platforms';
import type { DeskDeps } from '../deps';
import { readForExport, toDocument } from '../transcripts';
import { sourceEntries } from './sourceScope';
import { storedInsights } from './storedInsights';

interface Source {
  /** How the item is called in the "skipped" list. */
  label: string;
  name: string;
  view: TranscriptView | null;
  skipped: string | null;
}

export interface ReadyFile {
  /** The file name without extension (from the title, else the id, or the name pattern); not yet made unique. */
  name: string;
  /** Text, or the bytes of a binary format (DOCX). */
  content: string | Uint8Array;
  /** The sub-folder it goes in ("folder per source": its show, channel or source), already a safe name. */
  folder?: string;
}

/** How the export names and places its files (the request's choice, else the settings). */
export interface ExportNaming {
  namePattern?: string | undefined;
  folderPerSource?: boolean | undefined;
}

export interface ExportBatch {
  ready: ReadyFile[];
  skipped: { name: string; reason: string }[];
  /** Items left out because another item of this export is the same transcript. */
  folded: number;
  /** A whole source's export: its title names the folder or the zip the files go in. */
  sourceTitle?: string;
}

const NOT_READY: Partial<Record<QueueItem['status'], string>> = {
  invalid: 'not a supported link',
  queued: 'not fetched yet',
  running: 'still being fetched',
  submitted: 'the podcast job is still running',
};

async function fromQueueItem(deps: DeskDeps, item: QueueItem): Promise<Source> {
  const label = item.title ?? item.url;
  const name = baseName(item.title, item.itemId ?? item.url);
  if (item.status === 'failed') return { label, name, view: null, skipped: `failed: ${item.error ?? 'error'}${item.message === null ? '' : ` (${item.message})`}` };
  const notReady = NOT_READY[item.status];
  if (notReady !== undefined || item.transcript === null) return { label, name, view: null, skipped: notReady ?? 'no transcript' };
  try {
    const view = await readForExport(deps, item.transcript);
    return { label, name: baseName(view.title ?? item.title, item.itemId ?? view.itemId ?? item.url), view, skipped: null };
  } catch (error) {
    return { label, name, view: null, skipped: error instanceof Error ? error.message : String(error) };
  }
}

async function sources(deps: DeskDeps, scope: Exclude<ExportInput['scope'], { kind: 'source' }>): Promise<Source[]> {
  switch (scope.kind) {
    case 'queue':
      return Promise.all((await deps.store.queue.list()).filter((item) => item.status !== 'invalid').map((item) => fromQueueItem(deps, item)));
    case 'items': {
      const items = (await Promise.all(scope.ids.map((id) => deps.store.queue.get(id)))).filter((item) => item !== undefined);
      if (items.length === 0) throw new DeskError('not_found', 'None of these queue items exist any more');
      return Promise.all(items.sort((a, b) => a.position - b.position).map((item) => fromQueueItem(deps, item)));
    }
    case 'transcripts':
      return Promise.all(scope.refs.map(async (ref) => {
        const view = await readForExport(deps, ref);
        return { label: view.title ?? ref.key, name: baseName(view.title, view.itemId ?? ref.key), view, skipped: null };
      }));
    case 'library':
      return Promise.all(scope.ids.map(async (id) => {
        const row = await deps.store.library.get(id);
        if (row === undefined) return { label: `library entry ${id}`, name: `transcript-${id}`, view: null, skipped: 'no longer in the library' };
        const ref = row.kind === 'episode' ? { kind: 'episode' as const, key: row.refKey } : { kind: 'transcript' as const, platform: row.platform, key: row.refKey };
        const view = await readForExport(deps, ref);
        return { label: row.title ?? row.refKey, name: baseName(view.title, view.itemId ?? row.refKey), view, skipped: null };
      }));
  }
}

/** The transcript's identity: its platform and canonical id (the cache key when it has no id). */
export function identityOf(view: TranscriptView): string {
  return `${view.platform}:${view.itemId ?? `${view.ref.kind}:${view.ref.key}`}`;
}

/** What the name pattern's tokens stand for, for one transcript. */
function nameFields(view: TranscriptView, source: string | null) {
  return {
    title: view.title,
    id: view.itemId ?? view.ref.key,
    platform: libraryPlatformName(view.platform),
    date: new Date(view.createdAt).toISOString().slice(0, 10),
    source,
  };
}

export async function collectExport(deps: DeskDeps, input: Pick<ExportInput, 'scope' | 'format' | 'txt'>, maxLineLength: number, naming: ExportNaming = {}): Promise<ExportBatch> {
  const batch: ExportBatch = { ready: [], skipped: [], folded: 0 };
  let list: Source[];
  if (input.scope.kind === 'source') {
    const { source, entries } = await sourceEntries(deps, input.scope.url);
    batch.sourceTitle = source.title;
    list = entries.map((entry) => ({ ...entry, name: entry.view === null ? baseName(entry.label, 'transcript') : baseName(entry.view.title ?? entry.label, entry.view.itemId ?? entry.label) }));
  } else {
    list = await sources(deps, input.scope);
  }
  const seen = new Set<string>();
  for (const source of list) {
    if (source.view === null) {
      batch.skipped.push({ name: source.label, reason: source.skipped ?? 'no transcript' });
      continue;
    }
    const identity = identityOf(source.view);
    if (seen.has(identity)) {
      batch.folded++;
      continue;
    }
    seen.add(identity);
    // The show (podcasts) or, for a whole source's export, the source: channel names are not kept with a transcript.
    const sourceName = source.view.subtitle ?? batch.sourceTitle ?? null;
    const formatted = await formatExport({ ...toDocument(source.view), ...(await storedInsights(deps, source.view.ref)), source: sourceName }, input.format, { maxLineLength, txt: input.txt });
    if (!formatted.ok) {
      batch.skipped.push({ name: source.label, reason: formatted.reason });
      continue;
    }
    // The default pattern keeps the name collected above (the title the queue row knows when the transcript has none).
    const name = naming.namePattern === undefined || naming.namePattern === DEFAULT_NAME_PATTERN ? source.name : patternName(naming.namePattern, nameFields(source.view, sourceName));
    // A whole source's export has a folder of its own already (exporter.ts): no second level.
    // An item whose show or channel is unknown (the cache keeps none for videos) goes in its platform's folder.
    const folder = naming.folderPerSource === true && batch.sourceTitle === undefined ? baseName(sourceName ?? libraryPlatformName(source.view.platform), 'source') : undefined;
    batch.ready.push({ name, content: formatted.content, ...(folder === undefined ? {} : { folder }) });
    // An exported transcript is one the person keeps: the cache limit never evicts it.
    if (source.view.ref.kind === 'transcript') await deps.store.cache.keep(source.view.ref.platform, source.view.ref.key);
  }
  return batch;
}
