// transcribe, models, settings: speech-to-text from a terminal.
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { formatExport } from '#shared/format/exportFile';
import { TRANSCRIPT_FORMATS, type ExportFormat } from '#shared/format/exportFormats';
import { ENGINE_IDS, isSettingKey, SETTING_KEYS, type EngineId } from '#service/settings';
import { SECRET_SETTINGS } from '#shared/settings';
import { isSttError, type SttProgress } from '#service/stt/index';
import { checkLocalModel, downloadModel, MODEL_CATALOGUE, modelFile } from '#service/stt/models';
import { resolveHome } from '#service/home';
import { keepLocalTranscript, localFileIdentity } from '#service/localTranscripts';
import { fail, open } from './common';
import { statusLine } from './statusLine';
import { parseAny } from '#shared/url/parse';
import { balanceNote, obtain, say } from './get';
import { addServerOptions, teamServerOf, type ServerOptions, type TeamServer } from './teamServer';
import { settingsLanguage, speechProvenance } from '#service/stt/provenance';

function engineOption(value: string): EngineId | 'auto' {
  if (value === 'auto' || (ENGINE_IDS as readonly string[]).includes(value)) return value as EngineId | 'auto';
  throw new InvalidArgumentError(`expected auto or one of ${ENGINE_IDS.join(', ')}`);
}

function formatOption(value: string): ExportFormat {
  // Not `chapters`: a new transcript has no stored chapters.
  if (!(TRANSCRIPT_FORMATS as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${TRANSCRIPT_FORMATS.join(', ')}`);
  return value as ExportFormat;
}

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

function describe(p: SttProgress): string {
  if (p.stage === 'downloading') return `downloading ${((p.bytesReceived ?? 0) / 1e6).toFixed(1)} MB`;
  if (p.stage === 'decoding') return 'decoding audio';
  return `transcribing: ${p.chunksDone}/${p.chunksTotal} chunks`;
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/**
 * `transcribe --server`: a team server offers its REST API only, which takes links of the
 * platforms it serves and podcast episodes (it transcribes them with its own workers) and has no
 * upload route. So a platform or episode link goes there as `get` sends it, and a local file or a
 * bare media URL is refused, saying what to do instead.
 */
async function transcribeOnTeamServer(team: TeamServer, input: string, options: { format: ExportFormat; out?: string; language?: string }): Promise<void> {
  const runHere = 'run the same command without --server to transcribe it on this machine';
  if (!isUrl(input)) fail(`${input}: a team server has no upload route (its REST API takes links, not files); ${runHere}`);
  const parsed = parseAny(input);
  if (!parsed.ok) fail(`${input}: a team server transcribes links of the platforms it serves and podcast episodes, not a bare media URL (${parsed.reason}); ${runHere}`);
  if (options.language !== undefined) say('--language is this machine\'s speech-to-text setting; the team server uses its own');
  const source = { core: team.core, key: team.key, server: team.url, pollMs: 3000, close: () => Promise.resolve() };
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  try {
    const delivered = await obtain(source, input, undefined, controller.signal);
    if (typeof delivered === 'string') fail(`✗ ${input}: ${delivered}`);
    const formatted = await formatExport(delivered.doc, options.format);
    if (!formatted.ok) fail(formatted.reason);
    if (options.out === undefined) process.stdout.write(formatted.content);
    else writeFileSync(options.out, formatted.content);
    say(`✓ ${input} → ${options.out ?? 'printed'} (${balanceNote(source, delivered)})`);
  } finally {
    process.off('SIGINT', interrupt);
  }
}

export function registerTranscribeCommands(program: Command): void {
  const transcribe = program
    .command('transcribe <file-or-url>')
    .description('speech-to-text of a local audio/video file or a media URL (progress on stderr)')
    .option('--engine <engine>', `auto or ${ENGINE_IDS.join(', ')}`, engineOption)
    .option('--format <format>', TRANSCRIPT_FORMATS.join(', '), formatOption, 'txt' as ExportFormat)
    .option('--out <file>', 'write to a file instead of stdout')
    .option('--language <code>', 'ISO-639-1 code such as en, or auto')
    .option('--workers <n>', 'chunks at once (default: cores − 1)', positive)
    .option('--no-library', 'do not keep a local file\'s transcript in the library');
  addServerOptions(transcribe).action(async (input: string, options: { engine?: EngineId | 'auto'; format: ExportFormat; out?: string; language?: string; workers?: number; library: boolean } & ServerOptions) => {
      const team = teamServerOf(options);
      // Checked before any work: a DOCX printed on a terminal is bytes of a zip, not a transcript.
      if (options.format === 'docx' && options.out === undefined && process.stdout.isTTY) fail('DOCX is a binary file: write it with --out FILE, or redirect the output to a file');
      if (team !== undefined) return transcribeOnTeamServer(team, input, options);
      const opened = await open();
      const controller = new AbortController();
      const interrupt = () => controller.abort();
      process.once('SIGINT', interrupt);
      process.once('SIGTERM', interrupt);
      const status = statusLine();
      try {
        // The language the engine is told: the option, else the setting (`auto` is none).
        const language = options.language ?? (await settingsLanguage(opened.stt.settings));
        const result = await opened.stt.transcribeMedia(isUrl(input) ? { url: input } : { file: input }, {
          engine: options.engine,
          language: options.language,
          workers: options.workers,
          signal: controller.signal,
          onProgress: (p) => status.show(describe(p)),
        });
        status.show(`done: ${result.chunksTotal} chunk${result.chunksTotal === 1 ? '' : 's'} with ${result.engine}${result.chunksReused > 0 ? ` (${result.chunksReused} reused from an interrupted run)` : ''}, ${result.durationSeconds.toFixed(1)} s of audio`);
        status.end();
        const formatted = await formatExport({ text: result.text, segments: result.segments, sourceUrl: isUrl(input) ? input : undefined, provenance: speechProvenance(result, language) }, options.format);
        if (!formatted.ok) fail(formatted.reason);
        if (options.out === undefined) process.stdout.write(formatted.content);
        else writeFileSync(options.out, formatted.content);
        // A file of this machine is kept in the desk's library, as a dropped one is; a media URL is not (it is no file of the person's).
        if (!isUrl(input) && options.library) {
          const info = await opened.stt.probeMedia(input);
          const identity = await localFileIdentity(input);
          await keepLocalTranscript(opened.store, { identity, title: info.title ?? null, video: info.hasVideo === true, text: result.text, segments: result.segments, durationSeconds: result.durationSeconds, engine: result.engine, model: result.model });
          process.stderr.write(`kept in the library (local file ${identity.path}); --no-library skips this\n`);
        }
      } catch (error) {
        status.end();
        if (isSttError(error) && error.code === 'cancelled') {
          process.stderr.write('cancelled; finished chunks are kept: run the same command again to resume\n');
          process.exitCode = 130;
          return;
        }
        fail(isSttError(error) ? error.message : `transcription failed: ${(error as Error).message}`);
      } finally {
        process.off('SIGINT', interrupt);
        process.off('SIGTERM', interrupt);
        await opened.close();
      }
    });

  const models = program.command('models').description('whisper models');
  models
    .command('list')
    .description('the ggml models that can be downloaded, and which are here')
    .action(() => {
      const home = resolveHome();
      for (const m of MODEL_CATALOGUE) {
        const here = existsSync(modelFile(home, m.name));
        process.stdout.write(`${m.name.padEnd(20)} ${String(Math.round(m.approxBytes / 2 ** 20)).padStart(5)} MiB  ${m.multilingual ? 'multilingual' : 'English only'}${here ? '  (downloaded)' : ''}\n`);
      }
    });
  models
    .command('download <name>')
    .description('download a model (resumes an interrupted download), check it and use it')
    .action(async (name: string) => {
      const opened = await open();
      const status = statusLine();
      const controller = new AbortController();
      const interrupt = () => controller.abort();
      process.once('SIGINT', interrupt);
      try {
        const file = await downloadModel(opened.upstream, resolveHome(), name, {
          signal: controller.signal,
          onProgress: ({ receivedBytes, totalBytes }) =>
            status.show(`downloading ${name}: ${(receivedBytes / 2 ** 20).toFixed(0)}${totalBytes === undefined ? '' : `/${(totalBytes / 2 ** 20).toFixed(0)}`} MiB`),
        });
        status.end();
        await opened.stt.settings.set('stt.whisper.model', name);
        await opened.stt.settings.set('stt.whisper.modelPath', null);
        process.stdout.write(`${file}\n`);
      } catch (error) {
        status.end();
        fail(isSttError(error) ? error.message : (error as Error).message);
      } finally {
        process.off('SIGINT', interrupt);
        await opened.close();
      }
    });
  models
    .command('use <file>')
    .description('use a ggml model file you already have')
    .action(async (file: string) => {
      const opened = await open();
      try {
        await checkLocalModel(file);
        await opened.stt.settings.set('stt.whisper.modelPath', resolve(file));
        process.stdout.write(`whisper will use ${file}\n`);
      } catch (error) {
        fail((error as Error).message);
      } finally {
        await opened.close();
      }
    });

  const settings = program.command('settings').description('settings (speech-to-text and desk)');
  settings
    .command('list')
    .description('every setting with its value')
    .action(async () => {
      const opened = await open();
      try {
        const all = await opened.stt.settings.all();
        for (const key of SETTING_KEYS) {
          const value = SECRET_SETTINGS.has(key) && all[key] !== null ? '"(set)"' : JSON.stringify(all[key]);
          process.stdout.write(`${key} = ${value}\n`);
        }
      } finally {
        await opened.close();
      }
    });
  settings
    .command('set <key> <value>')
    .description('set a value (JSON, or a plain string); "null" clears it')
    .action(async (key: string, raw: string) => {
      if (!isSettingKey(key)) fail(`Unknown setting ${key}; known: ${SETTING_KEYS.join(', ')}`);
      let value: unknown = raw;
      try {
        value = JSON.parse(raw);
      } catch {
        // a plain string
      }
      const opened = await open();
      try {
        process.stdout.write(`${key} = ${JSON.stringify(await opened.stt.settings.set(key, value))}\n`);
      } catch (error) {
        fail((error as Error).message);
      } finally {
        await opened.close();
      }
    });
  settings
    .command('reset <key>')
    .description('back to the default')
    .action(async (key: string) => {
      if (!isSettingKey(key)) fail(`Unknown setting ${key}`);
      const opened = await open();
      try {
        process.stdout.write(`${key} = ${JSON.stringify(await opened.stt.settings.set(key, undefined))}\n`);
      } finally {
        await opened.close();
      }
    });
}
