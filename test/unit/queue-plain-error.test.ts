// What a failed row says: the service's explanation without the code in front, the owner account
// instead of "this key", a remedy where the service gave none; the REST answer one click away.
import { describe, expect, it } from 'vitest';
import { plainError, technicalLine } from '../../src-renderer/src/features/queue/plainError';

describe('plainError', () => {
  it('drops the code and keeps the explanation', () => {
    expect(plainError({ error: 'Upstream error', message: 'YouTube asked for a sign-in (bot check)' })).toBe('YouTube asked for a sign-in (bot check)');
    expect(plainError({ error: 'No transcript available for this video', message: 'This YouTube video is private' })).toBe('This YouTube video is private');
    expect(plainError({ error: 'Invalid URL', message: 'A watch link needs ?v=<video id>' })).toBe('A watch link needs ?v=<video id>');
  });

  it('says no_credits and plan refusals as the desk sees them', () => {
    expect(plainError({ error: 'no_credits', message: 'This key has no credits left' })).toBe('Not run: the owner account has no credits left. Add credits, then retry');
    expect(plainError({ error: 'upgrade_required', message: 'Podcast transcription needs the plus or pro plan; this key is on free' })).toBe('Podcast transcription needs the plus or pro plan; the owner account is on free');
  });

  it('explains a code that came without a message, or with only a machine code', () => {
    expect(plainError({ error: 'Upstream error', message: null })).toBe('The site did not give an answer that could be read');
    expect(plainError({ error: 'Transcription failed', message: 'transcription_failed' })).toBe('The episode could not be transcribed');
    expect(plainError({ error: 'Internal error', message: 'boom' })).toBe('Something went wrong inside the app: boom');
    expect(plainError({ error: 'Something new', message: null })).toBe('Something new');
  });

  it('keeps what the REST API answers for the expanded row', () => {
    expect(technicalLine({ status: 'failed', httpStatus: 403, error: 'no_credits' })).toBe('The REST API answers HTTP 403 · no_credits');
    expect(technicalLine({ status: 'invalid', httpStatus: null, error: 'Invalid URL' })).toBe('The REST API answers HTTP 400 · Invalid URL');
    expect(technicalLine({ status: 'done', httpStatus: 200, error: null })).toBeNull();
  });
});
