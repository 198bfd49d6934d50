// get: transcripts from a terminal. Each URL goes through the service's core with the owner's key,
// so it is billed, rate-limited and cached exactly like a REST call; the export is made from the
// transcript the call returns, as cached (timed segments where the source has them).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { baseName } from '#shared/format/fileNames';
import { formatTranscript } from '#shared/format/formatters';
import { PLATFORMS } from '#shared/platforms';
import { parseAny } from '#shared/url/parse';
import { writeNew } from '../desk/export/files';
import { ERROR_TEXT } from '#service/apiResponse';
import type { OpenedService } from '#service/open';
import { parseLang } from '#service/requestBody';
import { open } from './common';

const GET_FORMATS = ['txt', 'srt', 'vtt', 'json'] as const;
type GetFormat = (typeof GET_FORMATS)[number];

interface GetOptions {
  format: GetFormat;
  out?: string;
  lang?: string;
  maxLine?: number;
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

/** One URL: fetch (or hit the cache), export, write. Returns whether it worked; says why not on stderr. */
async function getOne(opened: OpenedService, url: string, options: GetOptions): Promise<boolean> {
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const parsed = parseAny(url);
  if (!parsed.ok) {
    say(`✗ ${url}: ${parsed.error} (${parsed.reason})`);
    return false;
  }
  const platform = parsed.platform;
  if (platform === 'podcast') {
    say(`✗ ${url}: podcast episodes are transcribed as jobs; submit them with POST /api/podcast/transcript`);
    return false;
  }
  const lang = parseLang(options.lang);
  if (!lang.ok) {
    say(`✗ ${url}: 400 ${ERROR_TEXT.invalidLang}: ${lang.message}`);
    return false;
  }
  const { core } = opened.service;
  const admitted = await core.admitKey(opened.owner.key, 'cli');
  const outcome = admitted.ok ? await core.fetchTranscript(admitted.caller, { platform, item: parsed, lang: lang.lang }) : { kind: 'refused' as const, ...admitted };
  if (outcome.kind === 'refused') {
    say(`✗ ${url}: ${outcome.status} ${outcome.error}${outcome.message === undefined ? '' : `: ${outcome.message}`}`);
    return false;
  }

  const { transcript } = outcome;
  const doc = { title: transcript.title, sourceUrl: parsed.normalizedUrl, platform, language: transcript.language, text: transcript.text, segments: transcript.segments };
  const formatted = formatTranscript(doc, options.format, options.maxLine === undefined ? {} : { maxLineLength: options.maxLine });
  const cost = outcome.kind === 'cached' ? 'cached, free' : '1 credit';
  if (!formatted.ok) {
    say(`✗ ${url}: ${formatted.reason}. The transcript is cached, so running again with --format txt or json costs nothing (${cost} this time).`);
    return false;
  }

  const where = options.out === undefined ? 'printed' : join(options.out, writeNew(options.out, baseName(transcript.title, parsed.itemId), formatted.extension, formatted.content));
  if (options.out === undefined) process.stdout.write(formatted.content);
  else process.stdout.write(`${where}\n`);
  say(`✓ ${PLATFORMS[platform].uiName} ${url} → ${where} (${cost}; ${outcome.balance} credits left)`);
  return true;
}

export function registerGet(program: Command): void {
  program
    .command('get <url...>')
    .description('fetch transcripts with the owner key (1 credit each, cached ones free) and print them or write them to files')
    .option('--format <format>', `${GET_FORMATS.join(', ')} (srt and vtt need timed captions)`, getFormat, 'txt' as GetFormat)
    .option('--out <dir>', 'write one file per URL into this folder, named after the title or id, never overwriting')
    .option('--lang <code>', 'caption language where the platform offers a choice (YouTube), e.g. de or pt-BR')
    .option('--max-line <n>', 'characters per subtitle line for srt and vtt', lineLength)
    .action(async (urls: string[], options: GetOptions) => {
      if (options.out !== undefined) {
        options.out = resolve(options.out);
        mkdirSync(options.out, { recursive: true });
      }
      const opened = await open();
      let failed = 0;
      try {
        for (const url of urls) if (!(await getOne(opened, url, options))) failed++;
      } finally {
        await opened.close();
      }
      if (failed > 0) {
        process.stderr.write(`${failed} of ${urls.length} failed\n`);
        process.exitCode = 1;
      }
    });
}
