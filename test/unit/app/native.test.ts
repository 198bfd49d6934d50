// The native touches that are plain logic: taskbar progress and "finished" notices from the
// desk's events, the remembered window place, files on a command line, the menu.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PodcastJob } from '#shared/contract/podcast';
import type { QueueItem, QueueState, QueueStatus } from '#shared/contract/queue';
import { ActivityTracker } from '../../../src-main/app/activity';
import { launchFiles } from '../../../src-main/app/launchArgs';
import { buildMenuTemplate } from '../../../src-main/app/menu';
import { isReachable, loadWindowState, saveWindowState } from '../../../src-main/app/windowState';

const item = (id: string, status: QueueStatus): QueueItem => ({ id, position: 1, url: `https://youtu.be/${id}`, platform: 'longform', itemId: id, canonicalKey: id, status, error: null, message: null, httpStatus: null, title: null, credits: 0, count: 1, jobId: null, transcript: null, createdAt: 0, updatedAt: 0 });
const state = (phase: QueueState['phase']): QueueState => ({ phase, concurrency: 3, active: 0, rateLimit: { limit: null, remaining: null, resetAt: null, waitUntil: null, waitReason: null }, runner: 'r', revision: 0 });
const job = (status: PodcastJob['status'], done: number, total: number): PodcastJob => ({
  jobId: 'job-1',
  status,
  progress: { chunksDone: done, chunksTotal: total },
  episode: { key: 'e', title: 'Episode 12', showTitle: 'Show', artworkUrl: '', durationSeconds: 3600 },
  createdAt: 0,
  startedAt: 0,
  episodesAhead: 0,
  completedAt: null,
  error: status === 'failed' ? { code: 'transcription_failed', message: 'the audio could not be decoded' } : null,
  credits: { reserved: 10, refunded: 0, charged: 0 },
});

describe('taskbar progress and notices', () => {
  it('follows a batch from start to finish and says how it ended', () => {
    const tracker = new ActivityTracker();
    expect(tracker.reset([item('a', 'queued'), item('b', 'queued'), item('c', 'queued'), item('x', 'invalid')], state('idle'), []).progress).toBe(-1);
    expect(tracker.queueState(state('running')).progress).toBe(0);
    expect(tracker.queueChanged([item('a', 'done')], []).progress).toBeCloseTo(1 / 3);
    tracker.queueChanged([item('b', 'cached')], []);
    expect(tracker.queueChanged([item('c', 'failed')], []).progress).toBe(1);
    const end = tracker.queueState(state('idle'));
    expect(end).toEqual({ progress: -1, notices: [{ title: 'Batch finished', body: '1 done, 1 from the cache, 1 failed' }] });
    // Idle again without a run: nothing to say.
    expect(tracker.queueState(state('idle')).notices).toEqual([]);
  });

  it('adds podcast chunks to the bar and notices a job that ends', () => {
    const tracker = new ActivityTracker();
    tracker.reset([], state('idle'), [job('processing', 0, 0)]);
    expect(tracker.progress()).toBe(0);
    expect(tracker.jobProgress(job('processing', 3, 12)).progress).toBe(0.25);
    expect(tracker.jobProgress(job('done', 12, 12))).toEqual({ progress: -1, notices: [{ title: 'Podcast transcript ready', body: 'Episode 12' }] });
    tracker.jobProgress({ ...job('processing', 1, 4), jobId: 'job-2' });
    expect(tracker.jobProgress({ ...job('failed', 1, 4), jobId: 'job-2' }).notices).toEqual([{ title: 'Podcast transcript failed', body: 'Episode 12: the audio could not be decoded' }]);
  });
});

describe('window state', () => {
  const displays = [{ x: 0, y: 0, width: 1920, height: 1080 }];

  it('comes back as saved, and falls back to the default when damaged or off every screen', () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-window-'));
    try {
      const file = join(dir, 'window-state.json');
      expect(loadWindowState(file, displays)).toBeUndefined();
      saveWindowState(file, { x: 100, y: 80, width: 1000, height: 700, maximized: true });
      expect(loadWindowState(file, displays)).toEqual({ x: 100, y: 80, width: 1000, height: 700, maximized: true });
      // The monitor it was on is gone.
      expect(loadWindowState(file, [{ x: 3000, y: 0, width: 1920, height: 1080 }])).toBeUndefined();
      writeFileSync(file, '{"x": 1, "y": 2, "width": "wide"}');
      expect(loadWindowState(file, displays)).toBeUndefined();
      writeFileSync(file, 'not json');
      expect(loadWindowState(file, displays)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('needs the title bar on a screen, not just a corner pixel', () => {
    expect(isReachable({ x: 1900, y: 100, width: 800, height: 600 }, displays)).toBe(false);
    expect(isReachable({ x: 1700, y: 100, width: 800, height: 600 }, displays)).toBe(true);
    expect(isReachable({ x: 100, y: -40, width: 800, height: 600 }, displays)).toBe(false);
  });
});

describe('files on the command line', () => {
  it('takes every existing file, URL list or media or anything else, relative to the launch folder; not switches, folders or missing files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-args-'));
    try {
      for (const name of ['links.txt', 'interview.mp3', 'lecture.MP4', 'recording.dat', 'notes.pdf']) writeFileSync(join(dir, name), '');
      // What the desk is handed; it reads the list, probes the rest and refuses what is not media (desk-local-media.test.ts).
      expect(launchFiles(['--enable-logging', 'links.txt', 'interview.mp3', 'lecture.MP4', 'recording.dat', 'notes.pdf', 'missing.wav', '.', join(dir, 'links.txt')], dir)).toEqual(
        ['links.txt', 'interview.mp3', 'lecture.MP4', 'recording.dat', 'notes.pdf', 'links.txt'].map((name) => join(dir, name)),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('skips the app itself when run as `electron <app>`, and reads file:// URLs (Linux desktop entries pass files so)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-args-'));
    try {
      writeFileSync(join(dir, 'index.js'), '');
      writeFileSync(join(dir, 'my talk.wav'), '');
      const url = pathToFileURL(join(dir, 'my talk.wav')).href;
      expect(url).toContain('my%20talk.wav');
      expect(launchFiles(['--inspect=0', 'index.js', url], dir, { appPathFirst: true })).toEqual([join(dir, 'my talk.wav')]);
      expect(launchFiles(['index.js', url, 'file://not a url'], dir)).toEqual([join(dir, 'index.js'), join(dir, 'my talk.wav')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('menu', () => {
  it('has Import URL List…, Export… and Settings, the standard Edit, View and Window menus, and Help → Open Log Folder', () => {
    const commands: string[] = [];
    const template = buildMenuTemplate({ platform: 'linux', appName: 'Transcript Desk', devTools: false, command: (c) => commands.push(c), openLogFolder: () => commands.push('open-log-folder') });
    const file = template[0]?.submenu as { label?: string; click?: () => void; role?: string }[];
    expect(file.map((i) => i.label ?? i.role).filter(Boolean)).toEqual(['Import URL List…', 'Export…', 'Settings', 'quit']);
    for (const entry of file) entry.click?.();
    expect(commands).toEqual(['import-urls', 'export', 'settings']);
    expect(template.map((m) => m.label ?? m.role)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help']);
    const help = template.at(-1)?.submenu as { label?: string; click?: () => void }[];
    expect(help.map((i) => i.label)).toEqual(['Open Log Folder']);
    help[0]?.click?.();
    expect(commands.at(-1)).toBe('open-log-folder');
    expect(JSON.stringify(template)).not.toContain('toggleDevTools');
    const mac = buildMenuTemplate({ platform: 'darwin', appName: 'Transcript Desk', devTools: true, command: () => undefined, openLogFolder: () => undefined });
    expect(mac[0]?.label).toBe('Transcript Desk');
    expect(JSON.stringify(mac)).toContain('toggleDevTools');
  });
});
