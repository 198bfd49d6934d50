import { describe, expect, it } from 'vitest';
import type { PodcastJobView } from '#service/store/port';
import { jobRecord } from '#service/podcast/jobRecord';

const base: PodcastJobView = {
  jobId: 'job_1',
  accountId: 1,
  status: 'processing',
  reserved: 10,
  createdAt: Date.UTC(2026, 10, 22, 10, 0, 0, 5),
  completedAt: null,
  episode: {
    key: '1000482637777',
    title: 'Episode',
    showTitle: 'Show',
    artworkUrl: 'https://example.com/a.jpg',
    durationSeconds: 1800,
    chunksDone: 2,
    chunksTotal: 6,
    transcript: null,
    source: null,
    errorMessage: null,
    startedAt: Date.UTC(2026, 10, 22, 10, 0, 1),
    ahead: 0,
  },
};

describe('podcast job record (spec §2.4)', () => {
  it('while processing: progress, episode, ISO timestamps with milliseconds, completedAt null', () => {
    expect(jobRecord(base, 90)).toEqual({
      jobId: 'job_1',
      status: 'processing',
      progress: { chunksDone: 2, chunksTotal: 6 },
      episode: { title: 'Episode', showTitle: 'Show', artworkUrl: 'https://example.com/a.jpg', durationSeconds: 1800 },
      createdAt: '2026-11-22T10:00:00.005Z',
      completedAt: null,
    });
  });

  it('when done: transcript, credits and completedAt appear', () => {
    const done = { ...base, status: 'done' as const, completedAt: Date.UTC(2026, 10, 22, 10, 5), episode: { ...base.episode, chunksDone: 6, transcript: 'hello', source: 'ai' as const } };
    expect(jobRecord(done, 80)).toMatchObject({ status: 'done', transcript: 'hello', credits: 80, source: 'ai', completedAt: '2026-11-22T10:05:00.000Z', progress: { chunksDone: 6, chunksTotal: 6 } });
  });

  it('when failed: only jobId, status and error', () => {
    const failed = { ...base, status: 'failed' as const, episode: { ...base.episode, errorMessage: 'The episode audio could not be downloaded (HTTP 404)' } };
    expect(jobRecord(failed, 100)).toEqual({
      jobId: 'job_1',
      status: 'failed',
      error: { code: 'transcription_failed', message: 'The episode audio could not be downloaded (HTTP 404)' },
    });
  });
});
