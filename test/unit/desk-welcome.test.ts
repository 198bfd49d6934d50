// welcome.get, the empty queue's first-run guide: the prices of billing.ts and whether speech-to-text
// can run (the engine that would, else what each lacks; ffmpeg too, which every engine needs).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDesk, type Desk } from '../../src-main/desk/index';
import { openService, type OpenedService } from '#service/open';
import { tempHome } from '../helpers/home';

let home: ReturnType<typeof tempHome>;
let opened: OpenedService;
let desk: Desk;

beforeEach(async () => {
  home = tempHome();
  opened = await openService(home.dir, {}, {});
  desk = createDesk(opened, { home: home.dir, defaultExportFolder: join(home.dir, 'out'), eventFlushMs: 1 });
});
afterEach(async () => {
  await desk.close();
  await opened.close();
  home.remove();
  vi.unstubAllEnvs();
  vi.resetModules();
});

const settings = (changes: Record<string, unknown>) => desk.invoke('settings.update', { changes });

describe('welcome.get', () => {
  it('gives the prices of spec §8 and, with whisper asked for and no model, what it lacks', async () => {
    expect(await settings({ 'stt.engine': 'whisper' })).toMatchObject({ ok: true });
    expect(await desk.invoke('welcome.get', {})).toEqual({
      ok: true,
      value: {
        prices: { transcript: 1, podcastPerHour: 10, podcastGraceMinutes: 5 },
        speech: { engine: null, problems: [expect.stringMatching(/^whisper: whisper has no model/)] },
      },
    });
  });

  it('names the engine that would run once one is configured', async () => {
    expect(await settings({ 'stt.engine': 'openai', 'stt.openai.baseUrl': 'http://127.0.0.1:9/v1' })).toMatchObject({ ok: true });
    expect(await desk.invoke('welcome.get', {})).toMatchObject({ ok: true, value: { speech: { engine: 'openai', problems: [] } } });
  });

  it('without ffmpeg no engine is ready, whatever is configured', async () => {
    vi.stubEnv('FFMPEG_PATH', join(home.dir, 'no-ffmpeg-here'));
    vi.resetModules();
    const { speechReadiness } = await import('#service/stt/engines/speechReadiness');
    const { Settings } = await import('#service/settings');
    expect(await settings({ 'stt.engine': 'openai', 'stt.openai.baseUrl': 'http://127.0.0.1:9/v1' })).toMatchObject({ ok: true });
    const readiness = await speechReadiness(await new Settings(opened.store).stt(), home.dir);
    expect(readiness).toEqual({ engine: null, problems: [expect.stringContaining('ffmpeg is not installed')] });
  });
});
