// "Transcribe again with …": an item's audio through this machine's speech-to-text, as a new
// version with speech-to-text provenance. The original stays as it was.
//
// Which items: those whose audio the desk can reach again: a podcast episode (its audio file's
// URL) and a local file (while it is still where it was transcribed). A platform item's media URL
// is not kept in the cache (it expires within hours on every platform), so those are refused with
// the reason instead of guessed at.
//
// Charge: none. It runs on this machine's own engine, like a dropped local file (desk/media), for
// an item the person already has; nothing enters the shared cache for anyone else to be served.
// (An `openai` engine sends the audio to the person's own endpoint, which bills them there.)
import { stat } from 'node:fs/promises';
import type { TranscriptRef } from '#shared/contract/transcript';
import type { OperationInput } from '#shared/contract/operations';
import type { VersionSummary } from '#shared/contract/versions';
import { DeskError } from '#shared/contract/result';
import { localBodyOf } from '#service/localTranscripts';
import { isSttError, type MediaSource } from '#service/stt/index';
import type { DeskDeps } from '../deps';
import { addVersion } from './index';
import { versionRefKey } from './refKey';

type Input = OperationInput<'versions.retranscribe'>;

/** Where the item's audio is, or why there is none to be had. */
async function audioOf(deps: DeskDeps, ref: TranscriptRef): Promise<MediaSource> {
  if (ref.kind === 'episode') {
    const episode = await deps.store.podcastJobs.episode(ref.key);
    if (episode === undefined) throw new DeskError('not_found', 'This episode is no longer in the library');
    if (episode.audioUrl === null) throw new DeskError('unavailable', 'This episode has no audio file link, so it cannot be transcribed again');
    return { url: episode.audioUrl };
  }
  const cached = await deps.store.cache.get(ref.platform, ref.key);
  if (cached === undefined) throw new DeskError('not_found', 'This transcript is no longer in the library (it was deleted)');
  const local = localBodyOf(cached);
  if (local === undefined) throw new DeskError('unavailable', 'Transcribing again needs the audio, and the desk keeps no link to this item’s media (platform media links expire); podcast episodes and local files can be transcribed again');
  const here = await stat(local.file.path).then((s) => s.isFile(), () => false);
  if (!here) throw new DeskError('unavailable', `The file is no longer at ${local.file.path} (moved or deleted), so it cannot be transcribed again`);
  return { file: local.file.path };
}

export async function retranscribe(deps: DeskDeps, input: Input): Promise<{ version: VersionSummary; exportVersion: string }> {
  const { ref, engine, model, language, task } = input;
  const refKey = await versionRefKey(deps, ref);
  const source = await audioOf(deps, ref);
  const whisperModel = engine === 'whisper' ? model : undefined;
  const result = await deps.stt
    .transcribeMedia(source, {
      engine,
      // One chunk set per item, engine, model and task: an interrupted run resumes from its chunks.
      taskKey: `version:${refKey ?? ref.key}:${engine}:${whisperModel ?? ''}:${task ?? 'transcribe'}`,
      ...(whisperModel === undefined ? {} : { whisperModel }),
      ...(language === undefined ? {} : { language }),
      ...(task === undefined ? {} : { task }),
    })
    .catch((error: unknown) => {
      if (isSttError(error)) throw new DeskError('unavailable', `Transcribing again failed: ${error.message}`);
      throw error;
    });
  const spokenLanguage = language ?? (await deps.stt.settings.stt()).language;
  const label = [result.engine, result.model, task === 'translate' ? 'translated to English' : null].filter((part) => part !== null && part !== '').join(' · ');
  return addVersion(deps, ref, {
    label,
    text: result.text,
    segments: result.segments,
    parent: null,
    provenance: { kind: 'speech-to-text', engine: result.engine, model: result.model, version: null, language: spokenLanguage === 'auto' ? null : spokenLanguage, task: task ?? 'transcribe' },
  });
}
