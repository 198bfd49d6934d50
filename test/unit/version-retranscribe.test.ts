// "Transcribe again" (desk/versions/retranscribe.ts) with the speech-to-text entry point stubbed:
// this proves which audio is sent with which engine, model and task, and what the new version
// says it came from. The real engine run is the e2e spec's (test/e2e/versions.spec.ts, pocketsphinx).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localFileIdentity, keepLocalTranscript } from '#service/localTranscripts';
import { openService, type OpenedService } from '#service/open';
import type { MediaSource, SpeechToText, TranscribeOptions } from '#service/stt/index';
import { createDesk, type Desk } from '../../src-main/desk/index';
import { tempHome } from '../helpers/home';

describe('transcribe again', () => {
  let home: ReturnType<typeof tempHome>;
  let opened: OpenedService;
  let desk: Desk;
  const calls: { source: MediaSource; options: TranscribeOptions }[] = [];

  beforeEach(async () => {
    home = tempHome();
    opened = await openService(home.dir, {}, {});
    calls.length = 0;
    const stt = {
      settings: { stt: () => Promise.resolve({ language: 'en' }) },
      transcribeMedia: vi.fn((source: MediaSource, options: TranscribeOptions) => {
        calls.push({ source, options });
        return Promise.resolve({ text: 'hello again\nsecond line', segments: [{ text: 'hello again', startMs: 0, endMs: 900 }, { text: 'second line', startMs: 900, endMs: 2000 }], durationSeconds: 2, engine: options.engine, model: options.whisperModel ?? null, chunksTotal: 1, chunksReused: 0 });
      }),
      openEngine: () => Promise.reject(new Error('not in this test')),
    } as unknown as SpeechToText;
    desk = createDesk({ ...opened, stt }, { home: home.dir, defaultExportFolder: join(home.dir, 'exports') });
  });
  afterEach(async () => {
    await desk.close();
    await opened.close();
    home.remove();
  });

  const localItem = async () => {
    const file = join(home.dir, 'talk.wav');
    writeFileSync(file, 'not really audio: the stub never reads it');
    const key = await keepLocalTranscript(opened.store, { identity: await localFileIdentity(file), video: false, text: 'hello', segments: [{ text: 'hello', startMs: 0, endMs: 900 }], durationSeconds: 2, engine: 'pocketsphinx', model: 'en-us' });
    return { file, ref: { kind: 'transcript' as const, platform: 'local' as const, key } };
  };

  it('sends a local file’s audio with the chosen engine, model and task, and keeps the result as a chosen version with speech-to-text provenance', async () => {
    const { file, ref } = await localItem();
    const answer = await desk.call('versions.retranscribe', { ref, engine: 'whisper', model: 'base.en', task: 'translate' });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.source).toEqual({ file: await localFileIdentity(file).then((i) => i.path) });
    expect(calls[0]?.options).toMatchObject({ engine: 'whisper', whisperModel: 'base.en', task: 'translate' });
    expect(answer.value.version).toMatchObject({ number: 1, label: 'whisper · base.en · translated to English', provenance: { kind: 'speech-to-text', engine: 'whisper', model: 'base.en', language: 'en', task: 'translate' } });
    expect(answer.value.exportVersion).toBe(answer.value.version.id);
    const content = await desk.call('versions.get', { ref, id: answer.value.version.id });
    expect(content.ok && content.value.text).toBe('hello again\nsecond line');
    // The original is as it was.
    const original = await desk.call('versions.get', { ref, id: null });
    expect(original.ok && original.value.text).toBe('hello');
  });

  it('passes no model to engines other than whisper, and refuses a file that moved, without running anything', async () => {
    const { file, ref } = await localItem();
    const answer = await desk.call('versions.retranscribe', { ref, engine: 'pocketsphinx', model: 'base.en' });
    expect(answer.ok).toBe(true);
    expect(calls[0]?.options.whisperModel).toBeUndefined();
    rmSync(file);
    const refused = await desk.call('versions.retranscribe', { ref, engine: 'pocketsphinx' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('no longer at') as string } });
    expect(calls).toHaveLength(1);
  });
});
