// whisper.cpp through @fugood/whisper.node. The native module is loaded on first use, not at
// service start, so a machine where it cannot load still runs everything else. whisper.cpp spreads
// one chunk over all cores itself, and every extra context would hold another copy of the model,
// so this engine runs one chunk at a time with every thread.
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type * as WhisperNode from '@fugood/whisper.node';
import type { WhisperContext } from '@fugood/whisper.node';

type WhisperModule = typeof WhisperNode;
import type { Segment } from '#shared/transcript';
import { PROMPT_MAX_TOKENS, trimPrompt } from '#shared/vocabulary';
import { cancelled, SttError } from '../errors';
import { NON_SPEECH, type EngineTranscribeOptions, type SpeechEngine } from './engine';

/**
 * The addon's options for a run. `prompt` is whisper's initial prompt, cut to the ~224 tokens
 * whisper reads (it would otherwise drop the start unannounced). `translate` is whisper's own
 * translate-to-English. A retry of a looped chunk samples at the retry's temperature with
 * `maxContext: 0`: no text of earlier windows carried into the next, which is what keeps a loop
 * going. This binding has no `no_context` flag, and whisper.cpp puts the initial prompt in the
 * same context, so a retry runs without the vocabulary: a loop costs more than a misspelt name.
 */
export function whisperOptions({ prompt, task, retry }: Pick<EngineTranscribeOptions, 'prompt' | 'task' | 'retry'>): WhisperNode.TranscribeOptions {
  const trimmed = prompt === undefined ? undefined : trimPrompt(prompt, PROMPT_MAX_TOKENS);
  return {
    // Token timestamps with one token per segment: each word's own time, for the word-timed
    // exports; the pipeline groups the words into lines (engine.wordLevel), as it does pocketsphinx's.
    tokenTimestamps: true,
    maxLen: 1,
    translate: task === 'translate',
    temperature: retry?.temperature ?? 0,
    ...(retry === undefined ? (trimmed === undefined ? {} : { prompt: trimmed }) : { maxContext: 0 }),
  };
}

/**
 * whisper.cpp's one-token segments (maxLen 1) joined into words: a token that starts with a space
 * starts a word, any other (the rest of a long word, a comma, an apostrophe's "s") goes on the word
 * before. Non-speech markers ("[BLANK_AUDIO]") and empty tokens are dropped. t0/t1 are milliseconds
 * in this binding.
 */
export function wordsFromTokens(tokens: readonly { text: string; t0: number; t1: number }[]): Segment[] {
  const words: Segment[] = [];
  let open = false;
  for (const token of tokens) {
    if (token.text.trim() === '') {
      open = false;
      continue;
    }
    if (NON_SPEECH.test(token.text)) {
      open = false;
      continue;
    }
    const last = words.at(-1);
    if (open && last !== undefined && !/^\s/.test(token.text)) {
      last.text += token.text.trimEnd();
      last.endMs = Math.max(last.endMs, Math.round(token.t1));
      continue;
    }
    words.push({ text: token.text.trim(), startMs: Math.round(token.t0), endMs: Math.max(Math.round(token.t0), Math.round(token.t1)) });
    open = true;
  }
  return words;
}

export class WhisperEngine implements SpeechEngine {
  readonly id = 'whisper' as const;
  readonly fingerprint: string;
  readonly model: string;
  readonly sendsTo = null;
  // whisper.cpp windows 30 s internally; chunks exist for resume and progress.
  readonly chunking = { targetSeconds: 300, windowSeconds: 30, overlapSeconds: 2, minPauseMs: 300 };
  readonly maxConcurrency = 1;
  readonly wordLevel = true;
  readonly translates = true;
  readonly loopRetry = true;
  private context: Promise<WhisperContext> | undefined;

  constructor(
    private readonly modelPath: string,
    private readonly language: string,
    private readonly threads = availableParallelism(),
  ) {
    // `words`: chunks stored before whisper ran word by word are whole lines, which the word-level
    // merge must not mix with words; an interrupted task from then starts its chunks again.
    this.fingerprint = `whisper:${modelPath}:${language}:words`;
    this.model = basename(modelPath);
  }

  private load(): Promise<WhisperContext> {
    this.context ??= (async () => {
      let whisper: WhisperModule;
      try {
        whisper = await import('@fugood/whisper.node');
      } catch (error) {
        throw new SttError('engine_unavailable', `The whisper engine could not be loaded on this machine (${(error as Error).message})`, { cause: error });
      }
      try {
        return await whisper.initWhisper({ filePath: this.modelPath, useGpu: false });
      } catch (error) {
        throw new SttError('engine_unavailable', `The whisper model ${this.modelPath} could not be loaded (${(error as Error).message}); pick a ggml model file or download one`, { cause: error });
      }
    })();
    // A failed load is not cached: the next chunk (or task) may try again after the user fixes it.
    this.context.catch(() => (this.context = undefined));
    return this.context;
  }

  async transcribe(pcm: Buffer, { signal, onProgress, prompt, task, retry }: EngineTranscribeOptions): Promise<Segment[]> {
    if (signal.aborted) throw cancelled(signal);
    const context = await this.load();
    // The addon wants an ArrayBuffer holding exactly the samples.
    const data = pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength) as ArrayBuffer;
    const job = context.transcribeData(data, { ...whisperOptions({ prompt, task, retry }), language: this.language, maxThreads: this.threads, onProgress: (percent) => onProgress?.(percent / 100) });
    const stop = () => void job.stop().catch(() => undefined);
    signal.addEventListener('abort', stop, { once: true });
    try {
      const result = await job.promise;
      if (signal.aborted || result.isAborted) throw cancelled(signal);
      // t0/t1 are milliseconds in this binding.
      return wordsFromTokens(result.segments);
    } catch (error) {
      if (signal.aborted) throw cancelled(signal);
      if (error instanceof SttError) throw error;
      throw new SttError('engine_failed', `whisper failed: ${(error as Error).message}`, { cause: error });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  async close(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    if (context !== undefined) await context.then((c) => c.release()).catch(() => undefined);
  }
}
