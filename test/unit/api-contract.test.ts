// The spec's bodies as zod schemas (src-shared/contract/api): what the service's own builders make
// fits them, what the spec does not allow is refused, and the REST tests' `call()` picks the right
// schema for each answer (test/helpers/specBodies.ts), so a drifting body fails those tests.
import { describe, expect, it } from 'vitest';
import { clipBodySchema, errorBodySchema, jobRecordSchema, longformBodySchema, PLATFORM_BODY_SCHEMAS, reelsBodySchema, textBodySchema, transcriptResponseSchema, videoTranscriptBodySchema } from '#shared/contract/api/index';
import { parseForPlatform, type ParsedItem } from '#shared/url/parse';
import type { PodcastJobView } from '#service/store/port';
import { withoutCaptions } from '#service/platforms/emptyTranscript';
import { longformBody } from '#service/platforms/youtube/shape';
import { jobRecord } from '#service/podcast/jobRecord';
import { specSchemaFor, specShapeProblem } from '../helpers/specBodies';

const item = (url: string): ParsedItem => {
  const parsed = parseForPlatform('longform', url);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed;
};

const longform = longformBody(item('https://youtu.be/okRestOnly1'), 'okRestOnly1', 'English (auto-generated)', [{ baseUrl: 'https://www.youtube.com/api/timedtext?v=okRestOnly1', name: { simpleText: 'English (auto-generated)' }, languageCode: 'en', isTranslatable: true, kind: 'asr', vssId: 'a.en' }], [
  { text: 'hello', startMs: 0, endMs: 1500 },
  { text: 'world', startMs: 3_600_000, endMs: 3_601_000 },
]);

const job: PodcastJobView = {
  jobId: 'job_1',
  accountId: 1,
  status: 'processing',
  reserved: 10,
  createdAt: Date.UTC(2026, 10, 22, 10, 0, 0, 5),
  completedAt: null,
  episode: { key: '1', title: 'Episode', showTitle: 'Show', artworkUrl: 'https://example.com/a.jpg', durationSeconds: 1800, chunksDone: 2, chunksTotal: 6, transcript: null, source: null, errorMessage: null, startedAt: null, ahead: 0 },
};

describe('what the service builds fits the spec', () => {
  it('longform: the segments keep their times as strings of ms, the tracks their further fields', () => {
    const parsed = longformBodySchema.parse(longform);
    expect(parsed.transcript[1]).toEqual({ text: 'world', startMs: '3600000', endMs: '3601000', startTimeText: '1:00:00' });
    expect(parsed.captionTracks[0]?.kind).toBe('asr');
  });

  it('shortform and social without captions: an empty transcript and the video URLs', () => {
    const outcome = withoutCaptions('shortform', { sd: 'https://v.example/sd.mp4', hd: null, thumbnail: null }, null, undefined, 'no captions');
    if (!outcome.ok) throw new Error('expected the empty transcript');
    expect(videoTranscriptBodySchema.parse(outcome.transcript.body)).toEqual({ transcript: '', videoUrls: { sd: 'https://v.example/sd.mp4', hd: null, thumbnail: null } });
  });

  it('the job record while processing, when done and when failed', () => {
    expect(jobRecordSchema.parse(jobRecord(job, 90))).toMatchObject({ status: 'processing', completedAt: null });
    const done = { ...job, status: 'done' as const, completedAt: Date.UTC(2026, 10, 22, 10, 5), episode: { ...job.episode, chunksDone: 6, transcript: 'hello', source: 'ai' as const } };
    expect(jobRecordSchema.parse(jobRecord(done, 80))).toMatchObject({ status: 'done', credits: 80, source: 'ai' });
    const failed = { ...job, status: 'failed' as const, episode: { ...job.episode, errorMessage: 'gone' } };
    expect(jobRecordSchema.parse(jobRecord(failed, 100))).toEqual({ jobId: 'job_1', status: 'failed', error: { code: 'transcription_failed', message: 'gone' } });
  });
});

describe('what the spec does not allow is refused', () => {
  it.each([
    ['a clip transcribed by something other than native or ai', clipBodySchema, { success: true, id: 'clip_1', url: 'https://kick.com/a/clips/clip_1', transcript: 'x', transcript_source: 'human' }],
    ['a longform answer without its video id', longformBodySchema, { ...longform, videoId: undefined }],
    ['a longform segment with numeric times', longformBodySchema, { ...longform, transcript: [{ text: 'x', startMs: 0, endMs: 1, startTimeText: '0:00' }] }],
    ['a title the spec does not give', textBodySchema, { transcript: 'x', title: 'A post' }],
    ['reels with a singular transcript', reelsBodySchema, { success: true, transcript: 'x', transcripts: [] }],
    ['a failed job that shows progress', jobRecordSchema, { jobId: 'j', status: 'failed', error: { code: 'transcription_failed', message: 'm' }, progress: { chunksDone: 0, chunksTotal: 1 } }],
    ['a done job without its completion time', jobRecordSchema, { ...jobRecord({ ...job, status: 'done', completedAt: 1, episode: { ...job.episode, transcript: 't' } }, 1), completedAt: null }],
    ['an error with a stack trace', errorBodySchema, { error: 'Internal error', stack: 'at x' }],
  ])('%s', (_what, schema, body) => {
    expect(schema.safeParse(body).success).toBe(false);
  });

  it('a 200 carries an integer `credits`, and `cached` only as true', () => {
    const schema = transcriptResponseSchema('professional');
    expect(schema.safeParse({ transcript: 'x', credits: 4 }).success).toBe(true);
    expect(schema.safeParse({ transcript: 'x', credits: 4, cached: true }).success).toBe(true);
    expect(schema.safeParse({ transcript: 'x', credits: 4, cached: false }).success).toBe(false);
    expect(schema.safeParse({ transcript: 'x' }).success).toBe(false);
    expect(schema.safeParse({ transcript: 'x', credits: 1.5 }).success).toBe(false);
  });
});

describe('the REST tests check each answer against the schema of its route', () => {
  it('by platform alias, status and route', () => {
    expect(specSchemaFor('POST', '/api/youtube/transcript', 200)?.safeParse({ ...longform, credits: 3 }).success).toBe(true);
    expect(specSchemaFor('POST', '/api/twitch/transcript', 200)?.safeParse({ ...longform, credits: 3 }).success).toBe(false);
    expect(specSchemaFor('POST', '/api/podcast/transcript', 202)?.safeParse({ jobId: 'j', status: 'processing' }).success).toBe(true);
    expect(specSchemaFor('GET', '/api/podcast/jobs/j', 200)?.safeParse(jobRecord(job, 1)).success).toBe(true);
    expect(specSchemaFor('GET', '/api/balance', 200)?.safeParse({ credits: 1, plan: 'free' }).success).toBe(true);
    expect(specSchemaFor('POST', '/app/rpc/queue.list', 200)).toBeUndefined();
    expect(specShapeProblem('POST', '/api/x/transcript', 404, { error: 'Not found', detail: 1 })).toMatch(/detail/);
    expect(Object.keys(PLATFORM_BODY_SCHEMAS)).toHaveLength(9);
  });
});
