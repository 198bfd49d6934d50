// get: transcripts from a terminal. Each URL goes through a service's core: this machine's with the
// owner's key, or with `--server` a team server's REST API with its key (cli/teamServer.ts), so it
// is billed, rate-limited and cached exactly like a REST call; the export is made from the
// transcript the call returns (timed segments where the source has them). A podcast episode is a
// job: submitted, then polled until done, its progress on stderr. `-` reads the URLs from stdin.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { formatExport } from '#shared/format/exportFile';
import { baseName, namePatternProblem, patternName } from '#shared/format/fileNames';
import { TRANSCRIPT_FORMATS } from '#shared/format/exportFormats';
import { TXT_EVERY_SECONDS, type TxtOptions } from '#shared/format/txtOptions';
import { libraryPlatformName } from '#shared/platforms';
import { sourceHint } from '#shared/sources/detect';
import { parseAny } from '#shared/url/parse';
import { writeNew } from '../desk/export/files';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobRecord } from '#shared/contract/api/index';
import type { TranscriptDocument } from '#shared/format/formatters';
import type { Segment } from '#shared/transcript';
import type { ParsedItem } from '#shared/url/parse';
import { ERROR_TEXT } from '#service/apiResponse';
import type { Caller, CoreClient } from '#service/core/index';
import { parseLang } from '#service/requestBody';
import { open } from './common';
import { urlsOf } from './stdinUrls';
import { statusLine } from './statusLine';
import { addServerOptions, teamServerOf, type ServerOptions } from './teamServer';

// Every format the desk exports but `chapters`: the desk's stored chapters are not in what a call returns.
const GET_FORMATS = TRANSCRIPT_FORMATS;
type GetFormat = (typeof GET_FORMATS)[number];

interface GetOptions {
  format: GetFormat;
  out?: string;
  lang?: string;
  maxLine?: number;
  paragraphs?: boolean;
  timestamps?: Pick<TxtOptions, 'timestamps' | 'everySeconds'>;
  /** Commander's `--no-speakers`: true unless given. */
  speakers: boolean;
  name?: string;
}

function namePattern(value: string): string {
  const problem = namePatternProblem(value);
  if (problem !== null) throw new InvalidArgumentError(problem);
  return value;
}

function getFormat(value: string): GetFormat {
  const lower = value.toLowerCase();
  if (!(GET_FORMATS as readonly string[]).includes(lower)) throw new InvalidArgumentError(`expected one of ${GET_FORMATS.join(', ')}`);
  return lower as GetFormat;
}

function lineLength(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 10 || n > 200) throw new InvalidArgumentError('expected a whole number of characters between 10 and 200');
  return n;
}

/** `--timestamps`: `none`, `paragraph`, `every` (30 s) or `every:N` seconds. */
export function timestampsOption(value: string): Pick<TxtOptions, 'timestamps' | 'everySeconds'> {
  const [kind, seconds, ...rest] = value.toLowerCase().split(':');
  const { min, max } = TXT_EVERY_SECONDS;
  if (rest.length === 0 && seconds === undefined && (kind === 'none' || kind === 'paragraph')) return { timestamps: kind, everySeconds: 30 };
  if (rest.length === 0 && kind === 'every') {
    const n = seconds === undefined ? 30 : Number(seconds);
    if (Number.isInteger(n) && n >= min && n <= max) return { timestamps: 'every', everySeconds: n };
  }
  throw new InvalidArgumentError(`expected none, paragraph, every or every:N (N whole seconds from ${min} to ${max})`);
}

/** The TXT options the flags ask for; only those given, so plain `get` prints the TXT it always did. */
function txtOptions(options: GetOptions): Partial<TxtOptions> {
  return { ...(options.paragraphs === true ? { paragraphs: true } : {}), ...options.timestamps, ...(options.speakers ? {} : { speakers: false }) };
}

/** Where the transcripts come from: this machine's core with the owner's key, or a team server's. */
export interface Source {
  core: CoreClient;
  key: string;
  /** The team server's URL; undefined for this machine. */
  server: string | undefined;
  /** Timed lines of a finished local episode (the REST record has plain text only). */
  episodeSegments?(jobId: string, accountId: number): Promise<Segment[] | null>;
  /** How often a job is polled: a team server as the spec advises (3–5 s); this machine's ledger, each second. */
  pollMs: number;
  close(): Promise<void>;
}

export const say = (line: string) => process.stderr.write(`${line}\n`);
const refusalText = (r: { status: number; error: string; message?: string | undefined }) => `${r.status} ${r.error}${r.message === undefined ? '' : `: ${r.message}`}`;

/** What one URL delivered, ready to format. */
export interface Delivered {
  doc: TranscriptDocument;
  /** For the ✓ line: what it cost and the balance after. */
  cost: string;
  balance: number;
  itemId: string;
}

/**
 * One URL's transcript: fetched (or a cache hit) or, for a podcast episode, submitted and waited
 * for; a sentence saying why not. `transcribe --server` uses it too.
 */
export async function obtain(source: Source, url: string, langOption: string | undefined, signal: AbortSignal): Promise<Delivered | string> {
  const parsed = parseAny(url);
  if (!parsed.ok) return `${parsed.error} (${sourceHint(url, `pipe \`transcript-desk expand ${url}\` into \`transcript-desk get -\``) ?? parsed.reason})`;
  const platform = parsed.platform;
  const lang = parseLang(langOption);
  if (!lang.ok) return `400 ${ERROR_TEXT.invalidLang}: ${lang.message}`;
  const admitted = await source.core.admitKey(source.key, 'cli');
  if (!admitted.ok) return refusalText(admitted);
  if (platform === 'podcast') return episode(source, admitted.caller, url, parsed, signal);
  const outcome = await source.core.fetchTranscript(admitted.caller, { platform, item: parsed, lang: lang.lang }, signal);
  if (outcome.kind === 'refused') return refusalText(outcome);
  const { transcript } = outcome;
  return {
    doc: { title: transcript.title, sourceUrl: parsed.normalizedUrl, platform, language: transcript.language, provenance: transcript.provenance, text: transcript.text, segments: transcript.segments },
    cost: outcome.kind === 'cached' ? 'cached, free' : '1 credit',
    balance: outcome.balance,
    itemId: parsed.itemId,
  };
}

/** The ✓ line's end: the balance, and where it is kept when that is a team server. */
export const balanceNote = (source: Source, delivered: Delivered) => `${delivered.cost}; ${delivered.balance} credits left${source.server === undefined ? '' : ` on ${source.server}`}`;

/** One URL: obtain, export, write. Returns whether it worked; says why not on stderr. */
async function getOne(source: Source, url: string, options: GetOptions, signal: AbortSignal): Promise<boolean> {
  const delivered = await obtain(source, url, options.lang, signal);
  if (typeof delivered === 'string') {
    say(`✗ ${url}: ${delivered}`);
    return false;
  }
  const platform = delivered.doc.platform ?? 'longform';
  const { doc, cost } = delivered;
  const formatted = await formatExport(doc, options.format, { ...(options.maxLine === undefined ? {} : { maxLineLength: options.maxLine }), txt: txtOptions(options) });
  if (!formatted.ok) {
    const again = platform === 'podcast' ? 'the episode is done, so submitting it again costs nothing' : 'the transcript is cached, so running again with --format txt or json costs nothing';
    say(`✗ ${url}: ${formatted.reason}. ${again[0]?.toUpperCase()}${again.slice(1)} (${cost} this time).`);
    return false;
  }

  const name =
    options.name === undefined
      ? baseName(doc.title ?? null, delivered.itemId)
      : patternName(options.name, { title: doc.title ?? null, id: delivered.itemId, platform: libraryPlatformName(platform), date: new Date().toISOString().slice(0, 10), source: doc.source ?? null });
  const where = options.out === undefined ? 'printed' : join(options.out, writeNew(options.out, name, formatted.extension, formatted.content));
  if (options.out === undefined) process.stdout.write(formatted.content);
  else process.stdout.write(`${where}\n`);
  say(`✓ ${libraryPlatformName(platform)} ${url} → ${where} (${balanceNote(source, delivered)})`);
  return true;
}

/**
 * A podcast episode: the submit (spec §4.2), then the job polled (§4.3) until it is done or failed,
 * `chunksDone/chunksTotal` on stderr. An episode transcribed before answers at once (deduped, free).
 */
async function episode(source: Source, caller: Caller, url: string, item: ParsedItem, signal: AbortSignal): Promise<Delivered | string> {
  const submitted = await source.core.submitPodcast(caller, item);
  if (submitted.kind === 'refused') return refusalText(submitted);
  const status = statusLine();
  const show = (r: Exclude<JobRecord, { status: 'failed' }>) => {
    const { chunksDone, chunksTotal } = r.progress;
    const title = r.episode.title === '' ? url : `“${r.episode.title}”`;
    const where = chunksTotal === 0 ? 'waiting for its audio' : `${chunksDone}/${chunksTotal} chunks`;
    status.show(`${r.status === 'done' ? '✓' : '…'} podcast ${title}: ${where}${r.status === 'done' ? ', done' : ''} (job ${r.jobId})`);
  };
  let record: JobRecord | undefined = submitted.kind === 'deduped' ? submitted.record : undefined;
  try {
    while (record?.status !== 'done' && record?.status !== 'failed') {
      // The first read right after the submit: the card's title and chunk count show at once.
      if (record !== undefined) {
        show(record);
        try {
          await sleep(source.pollMs, undefined, { signal });
        } catch {
          return `stopped waiting; job ${record.jobId} goes on${source.server === undefined ? ' at the next start of serve or the app on this data home' : ` on ${source.server}`} (poll it with GET /api/podcast/jobs/${record.jobId})`;
        }
      }
      const jobId: string = record?.jobId ?? submitted.jobId;
      const polled = await source.core.job(caller, jobId);
      if (polled.kind === 'refused') {
        // A poll that fails (the server restarting, its rate limit) is tried again at the next turn; the job goes on meanwhile.
        if (polled.status === 401 || polled.status === 404) return refusalText(polled);
        status.show(`… podcast job ${jobId}: polling failed (${refusalText(polled)}); trying again`);
        await sleep(source.pollMs, undefined, { signal }).catch(() => undefined);
        if (signal.aborted) return `stopped waiting; job ${jobId} goes on`;
        continue;
      }
      record = polled.record;
    }
    if (record.status === 'done') show(record);
  } finally {
    status.end();
  }
  if (record.status === 'failed') return `transcription failed: ${record.error.message} (job ${record.jobId}; the reservation was refunded)`;
  const segments = source.episodeSegments === undefined ? null : await source.episodeSegments(record.jobId, caller.accountId);
  return {
    doc: { title: record.episode.title, sourceUrl: item.normalizedUrl, platform: 'podcast', language: null, text: record.transcript, segments },
    cost: submitted.kind === 'deduped' ? 'transcribed before, free' : `${record.episode.durationSeconds} s of audio`,
    balance: record.credits,
    itemId: item.itemId,
  };
}

export async function sourceOf(options: ServerOptions): Promise<Source> {
  const team = teamServerOf(options);
  if (team !== undefined) {
    // Nothing of this machine's data home is opened: a script on a machine without one (CI) works as it is.
    return { core: team.core, key: team.key, server: team.url, pollMs: REMOTE_POLL_MS, close: () => Promise.resolve() };
  }
  const opened = await open();
  return {
    core: opened.service.core,
    key: opened.owner.key,
    server: undefined,
    pollMs: LOCAL_POLL_MS,
    episodeSegments: async (jobId, accountId) => {
      const job = await opened.store.podcastJobs.get(jobId, accountId);
      return job === undefined ? null : ((await opened.store.podcastJobs.episode(job.episode.key))?.segments ?? null);
    },
    close: async () => {
      // The episode this process ran is done or failed by now; close() stops nothing that is wanted.
      await opened.close();
    },
  };
}

/** The spec advises polling every 3 to 5 s (§4.3). */
const REMOTE_POLL_MS = 3000;
const LOCAL_POLL_MS = 1000;

export function registerGet(program: Command): void {
  const command = program
    .command('get <url...>')
    .description('fetch transcripts (1 credit each, cached ones free; a podcast episode waits for its job) and print them or write them to files; - reads URLs from stdin')
    .option('--format <format>', `${GET_FORMATS.join(', ')} (srt, vtt and csv need timed captions; words and vtt-words need word timing; docx is binary)`, getFormat, 'txt' as GetFormat)
    .option('--out <dir>', 'write one file per URL into this folder, named after the title or id, never overwriting')
    .option('--lang <code>', 'caption language where the platform offers a choice (YouTube), e.g. de or pt-BR')
    .option('--max-line <n>', 'characters per subtitle line for srt and vtt', lineLength)
    .option('--paragraphs', 'txt: paragraphs separated by a blank line instead of a line per caption')
    .option('--timestamps <when>', 'txt: none, paragraph ([mm:ss] before each paragraph or line) or every:N ([mm:ss] before the words at each N seconds)', timestampsOption)
    .option('--no-speakers', 'txt: leave out the "Name: " where the speaker changes')
    .option('--name <pattern>', "file names for --out from tokens {title} {id} {platform} {date} {source}, e.g. '{date} {title}' (default: the title, else the id)", namePattern);
  addServerOptions(command).action(async (args: string[], options: GetOptions & ServerOptions) => {
    // Before any fetch (and charge): a DOCX printed on a terminal is bytes of a zip, not a transcript.
    if (options.format === 'docx' && options.out === undefined && process.stdout.isTTY) {
      say('✗ DOCX is a binary file: write it with --out <dir>, or redirect the output to a file');
      process.exitCode = 1;
      return;
    }
    const source = await sourceOf(options);
    if (options.out !== undefined) {
      options.out = resolve(options.out);
      mkdirSync(options.out, { recursive: true });
    }
    const controller = new AbortController();
    const interrupt = () => controller.abort();
    process.once('SIGINT', interrupt);
    process.once('SIGTERM', interrupt);
    let failed = 0;
    let urls: string[] | undefined;
    try {
      urls = await urlsOf(args);
      if (source.server !== undefined) {
        // One check of the key and the address before any URL: a wrong key or a server that is down fails once, clearly.
        const admitted = await source.core.admitKey(source.key, 'cli');
        if (!admitted.ok) {
          say(`✗ team server ${source.server}: ${refusalText(admitted)}`);
          process.exitCode = 1;
          return;
        }
      }
      for (const url of urls) {
        if (controller.signal.aborted) break;
        if (!(await getOne(source, url, options, controller.signal))) failed++;
      }
    } finally {
      process.off('SIGINT', interrupt);
      process.off('SIGTERM', interrupt);
      await source.close();
    }
    if (urls === undefined || urls.length === 0) {
      process.exitCode = 1;
      return;
    }
    if (failed > 0) {
      process.stderr.write(`${failed} of ${urls.length} failed\n`);
      process.exitCode = 1;
    }
  });
}
