// Settings (typed, validated, defaulted) and the engine fallback order they drive.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEFAULTS, SettingsError } from '#service/settings';
import type { SttError } from '#service/stt/index';
import { speak } from '../helpers/speech';
import { openTestService } from '../helpers/stt';
import { sqliteLedgerOf } from '#service/open';

let stt: Awaited<ReturnType<typeof openTestService>>;
const PATH = process.env.PATH;
beforeEach(async () => {
  stt = await openTestService();
});
afterEach(async () => {
  process.env.PATH = PATH;
  await stt.remove();
});

describe('settings', () => {
  it('starts from the defaults, stores valid values and refuses invalid ones with the reason', async () => {
    const settings = stt.stt.settings;
    expect(await settings.all()).toEqual(DEFAULTS);
    expect((await settings.stt()).workers).toBeGreaterThanOrEqual(1);
    await settings.set('stt.language', 'de');
    await settings.set('stt.fallbackOrder', ['pocketsphinx', 'whisper']);
    expect(await settings.get('stt.language')).toBe('de');
    await expect(settings.set('stt.language', 'German')).rejects.toThrow(SettingsError);
    await expect(settings.set('stt.fallbackOrder', ['whisper', 'whisper'])).rejects.toThrow(/each engine at most once/);
    await expect(settings.set('stt.openai.baseUrl', 'ftp://example.com')).rejects.toThrow(SettingsError);
    expect(await settings.get('stt.language')).toBe('de');
    await settings.set('stt.language', undefined);
    expect(await settings.get('stt.language')).toBe('auto');
  });

  it('refuses an OpenAI-compatible endpoint on link-local or cloud-metadata addresses, and URLs with credentials', async () => {
    const settings = stt.stt.settings;
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://169.254.10.1:8080/v1',
      'http://[fe80::1]:8080/v1',
      'http://[::ffff:169.254.169.254]/v1',
      'http://[::a9fe:a9fe]/v1',
      'http://[fd00:ec2::254]/v1',
      'http://100.100.100.200/v1',
      'http://metadata.google.internal/v1',
      'http://METADATA.google.internal./v1',
      'http://metadata/v1',
      'http://user:secret@127.0.0.1:8080/v1',
    ]) {
      await expect(settings.set('stt.openai.baseUrl', url), url).rejects.toThrow(/^stt\.openai\.baseUrl: /);
    }
    expect(await settings.get('stt.openai.baseUrl')).toBeNull();
    // Local and private servers (Ollama, LocalAI, a box on the LAN) are what this setting is for.
    for (const url of ['http://127.0.0.1:11434/v1', 'http://localhost:8080/v1', 'http://[::1]:9000/v1', 'http://192.168.1.20:8000/v1', 'https://api.openai.com/v1']) {
      expect(await settings.set('stt.openai.baseUrl', url)).toBe(url);
      expect(await settings.get('stt.openai.baseUrl')).toBe(url);
    }
  });

  it('accepts only an absolute model path to a ggml file outside the system folders', async () => {
    const settings = stt.stt.settings;
    const model = join(stt.home, 'ggml-mine.bin');
    writeFileSync(model, Buffer.concat([Buffer.from('lmgg', 'latin1'), Buffer.alloc(64)]));
    const refusals: [string, RegExp][] = [
      ['ggml-mine.bin', /must be a full path/],
      [join(stt.home, 'missing.bin'), /does not exist/],
      [stt.home, /is not a file/],
      ['/dev/zero', /is inside \/dev, a system folder/],
      ['/proc/self/environ', /is inside \/proc, a system folder/],
      ['/etc/hostname', /is not a whisper\.cpp ggml model/],
    ];
    for (const [path, reason] of refusals) {
      await expect(settings.set('stt.whisper.modelPath', path), path).rejects.toThrow(SettingsError);
      await expect(settings.set('stt.whisper.modelPath', path), path).rejects.toThrow(new RegExp(`^stt\\.whisper\\.modelPath: .*${reason.source}`));
    }
    expect(await settings.get('stt.whisper.modelPath')).toBeNull();
    expect(await settings.set('stt.whisper.modelPath', model)).toBe(model);
    expect(await settings.get('stt.whisper.modelPath')).toBe(model);
  });

  it('accepts an export folder that an export could create, without creating it yet', async () => {
    const settings = stt.stt.settings;
    writeFileSync(join(stt.home, 'a-file'), '');
    mkdirSync(join(stt.home, 'links'));
    symlinkSync('/sys/kernel', join(stt.home, 'links', 'kernel'));
    const refusals: [string, RegExp][] = [
      ['exports', /must be a full path/],
      ['/proc/self/x', /is inside \/proc, a system folder/],
      ['/sys/x', /is inside \/sys, a system folder/],
      ['/dev', /is inside \/dev, a system folder/],
      [join(stt.home, 'links', 'kernel', 'x'), /is inside \/sys, a system folder/],
      [join(stt.home, 'a-file', 'x'), /a-file is a file, not a folder/],
    ];
    for (const [path, reason] of refusals) await expect(settings.set('desk.export.folder', path), path).rejects.toThrow(new RegExp(`^desk\\.export\\.folder: .*${reason.source}`));
    expect(await settings.get('desk.export.folder')).toBeNull();
    const later = join(stt.home, 'exports', 'transcripts');
    expect(await settings.set('desk.export.folder', later)).toBe(later);
    expect(await settings.get('desk.export.folder')).toBe(later);
    expect(existsSync(join(stt.home, 'exports'))).toBe(false);
  });

  it('reads a value it cannot understand (edited by hand, written by a newer build) as the default', async () => {
    sqliteLedgerOf(stt).settings.set('stt.workers', '"lots"');
    sqliteLedgerOf(stt).settings.set('stt.engine', 'not json');
    expect(await stt.stt.settings.get('stt.workers')).toBeNull();
    expect(await stt.stt.settings.get('stt.engine')).toBe('auto');
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
    await stt.stt.settings.set('stt.openai.baseUrl', 'https://api.openai.com/v1');
    const keyless = (await stt.stt.transcribeMedia({ file: '/dev/null' }, { engine: 'openai' }).catch((e: unknown) => e)) as SttError;
    expect(keyless.message).toMatch(/needs an API key/);
    const german = (await stt.stt.transcribeMedia({ file: '/dev/null' }, { engine: 'pocketsphinx', language: 'de' }).catch((e: unknown) => e)) as SttError;
    expect(german.message).toMatch(/only a US English model/);
  });

  it('prefers whisper once a model is picked, and reports a model that does not load', async () => {
    const fake = join(stt.home, 'ggml-fake.bin');
    writeFileSync(fake, Buffer.concat([Buffer.from('lmgg', 'latin1'), Buffer.alloc(1024)]));
    await stt.stt.settings.set('stt.whisper.modelPath', fake);
    const error = (await stt.stt.transcribeMedia({ file: speak(inject('speechCache'), 'awb') }).catch((e: unknown) => e)) as SttError;
    // whisper was chosen over pocketsphinx; the native module loaded on first use, the model did not.
    expect(error.code).toBe('engine_unavailable');
    expect(error.message).toMatch(/The whisper model .*ggml-fake.bin could not be loaded/);
  });
});
