// Settings (typed, validated, defaulted) and the engine fallback order they drive.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEFAULTS, SettingsError } from '../../src-main/service/settings';
import type { SttError } from '../../src-main/service/stt/index';
import { speak } from '../helpers/speech';
import { openTestService } from '../helpers/stt';

let stt: ReturnType<typeof openTestService>;
const PATH = process.env.PATH;
beforeEach(() => {
  stt = openTestService();
});
afterEach(() => {
  process.env.PATH = PATH;
  stt.remove();
});

describe('settings', () => {
  it('starts from the defaults, stores valid values and refuses invalid ones with the reason', () => {
    const settings = stt.stt.settings;
    expect(settings.all()).toEqual(DEFAULTS);
    expect(settings.stt().workers).toBeGreaterThanOrEqual(1);
    settings.set('stt.language', 'de');
    settings.set('stt.fallbackOrder', ['pocketsphinx', 'whisper']);
    expect(settings.get('stt.language')).toBe('de');
    expect(() => settings.set('stt.language', 'German')).toThrow(SettingsError);
    expect(() => settings.set('stt.fallbackOrder', ['whisper', 'whisper'])).toThrow(/each engine at most once/);
    expect(() => settings.set('stt.openai.baseUrl', 'ftp://example.com')).toThrow(SettingsError);
    expect(settings.get('stt.language')).toBe('de');
    settings.set('stt.language', undefined);
    expect(settings.get('stt.language')).toBe('auto');
  });

  it('reads a value it cannot understand (edited by hand, written by a newer build) as the default', () => {
    stt.ledger.settings.set('stt.workers', '"lots"');
    stt.ledger.settings.set('stt.engine', 'not json');
    expect(stt.stt.settings.get('stt.workers')).toBeNull();
    expect(stt.stt.settings.get('stt.engine')).toBe('auto');
  });
});

describe('engine choice', () => {
  it('falls back to pocketsphinx when whisper has no model and no endpoint is configured', async () => {
    const result = await stt.stt.transcribeMedia({ file: join(__dirname, '../fixtures/speech/none.wav') }).catch((e: unknown) => e as SttError);
    // The engine is chosen before the file is read: the error is about the file, so an engine was found.
    expect((result as SttError).code).toBe('bad_media');
  });

  it('names what to install or configure for every engine when none is ready', async () => {
    process.env.PATH = '/nonexistent';
    const error = (await stt.stt.transcribeMedia({ file: '/dev/null' }).catch((e: unknown) => e)) as SttError;
    expect(error.code).toBe('engine_unavailable');
    expect(error.message).toMatch(/whisper: whisper has no model: download one \(transcript-desk models download base.en\)/);
    expect(error.message).toMatch(/openai: no OpenAI-compatible endpoint is configured/);
    expect(error.message).toMatch(/pocketsphinx: pocketsphinx_continuous is not installed: install pocketsphinx/);
  });

  it('refuses an engine asked for by name when it cannot run, saying why', async () => {
    const error = (await stt.stt.transcribeMedia({ file: '/dev/null' }, { engine: 'openai' }).catch((e: unknown) => e)) as SttError;
    expect(error.code).toBe('engine_unavailable');
    expect(error.message).toMatch(/The openai engine cannot run: no OpenAI-compatible endpoint/);
    stt.stt.settings.set('stt.openai.baseUrl', 'https://api.openai.com/v1');
    const keyless = (await stt.stt.transcribeMedia({ file: '/dev/null' }, { engine: 'openai' }).catch((e: unknown) => e)) as SttError;
    expect(keyless.message).toMatch(/needs an API key/);
    const german = (await stt.stt.transcribeMedia({ file: '/dev/null' }, { engine: 'pocketsphinx', language: 'de' }).catch((e: unknown) => e)) as SttError;
    expect(german.message).toMatch(/only a US English model/);
  });

  it('prefers whisper once a model is picked, and reports a model that does not load', async () => {
    const fake = join(stt.home, 'ggml-fake.bin');
    writeFileSync(fake, Buffer.concat([Buffer.from('lmgg', 'latin1'), Buffer.alloc(1024)]));
    stt.stt.settings.set('stt.whisper.modelPath', fake);
    const error = (await stt.stt.transcribeMedia({ file: speak(inject('speechCache'), 'awb') }).catch((e: unknown) => e)) as SttError;
    // whisper was chosen over pocketsphinx; the native module loaded on first use, the model did not.
    expect(error.code).toBe('engine_unavailable');
    expect(error.message).toMatch(/The whisper model .*ggml-fake.bin could not be loaded/);
  });
});
