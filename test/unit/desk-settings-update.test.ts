// settings.update through the desk's handler table: unknown keys are refused, every refusal names
// the key, a form with one bad field changes nothing, and valid values are saved.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { offlineDeskPerTest } from '../helpers/offlineDesk';

const desk = offlineDeskPerTest();

const refusal = (key: string) => ({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining(key) as string } });

it('refuses unknown keys, naming them, and changes nothing', async () => {
  expect(await desk().raw('settings.update', { changes: { 'desk.theme': 'dark', 'desk.export.fodler': '/tmp' } })).toEqual(refusal('desk.export.fodler'));
  // As a transport delivers it: JSON.parse makes `__proto__` an own key.
  expect(await desk().raw('settings.update', JSON.parse('{"changes":{"desk.theme":"dark","__proto__":{"polluted":1}}}'))).toEqual(refusal('__proto__'));
  expect(await desk().raw('settings.update', { chnages: { 'desk.theme': 'dark' } })).toEqual(refusal('chnages'));
  expect((await desk().call('settings.get', {})).values['desk.theme']).toBe('system');
});

it('refuses a metadata endpoint, a system export folder and a model that is not one, naming each key', async () => {
  const cases: [string, unknown][] = [
    ['stt.openai.baseUrl', 'http://169.254.169.254/latest'],
    ['stt.openai.baseUrl', 'http://metadata.google.internal/computeMetadata/v1'],
    ['desk.export.folder', '/proc/self/x'],
    ['desk.export.folder', 'relative/exports'],
    ['stt.whisper.modelPath', '/etc/hostname'],
    ['stt.whisper.modelPath', '/dev/zero'],
  ];
  for (const [key, value] of cases) {
    // With a valid change beside it: all or none.
    expect(await desk().raw('settings.update', { changes: { 'desk.theme': 'dark', [key]: value } }), `${key}=${String(value)}`).toEqual(refusal(key));
  }
  const view = await desk().call('settings.get', {});
  expect(view.values).toMatchObject({ 'desk.theme': 'system', 'stt.openai.baseUrl': null, 'desk.export.folder': null, 'stt.whisper.modelPath': null });
  expect(view.exportFolder).toBe(desk().exportDir);
});

it('saves valid values: a local endpoint, a folder to be created, a ggml model', async () => {
  const model = join(desk().home, 'ggml-tiny.bin');
  writeFileSync(model, Buffer.concat([Buffer.from('lmgg', 'latin1'), Buffer.alloc(64)]));
  const folder = join(desk().home, 'Transcripts', '2026');
  const view = await desk().call('settings.update', { changes: { 'stt.openai.baseUrl': 'http://127.0.0.1:11434/v1', 'desk.export.folder': folder, 'stt.whisper.modelPath': model } });
  expect(view.values).toMatchObject({ 'stt.openai.baseUrl': 'http://127.0.0.1:11434/v1', 'desk.export.folder': folder, 'stt.whisper.modelPath': model });
  expect(view.exportFolder).toBe(folder);
  expect((await desk().call('settings.get', {})).values['stt.openai.baseUrl']).toBe('http://127.0.0.1:11434/v1');
});
