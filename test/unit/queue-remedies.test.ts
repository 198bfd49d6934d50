// Which remedy a queue row offers, and the service's message without its CLI commands.
import { describe, expect, it } from 'vitest';
import { remedyOf, withoutCliCommands } from '../../src-renderer/src/features/queue/remedies';

const NO_MODEL = 'whisper has no model: download one (transcript-desk models download base.en) or pick a ggml file (transcript-desk models use FILE)';

describe('remedyOf', () => {
  it('offers the model whisper asks for, base.en when none is chosen', () => {
    expect(remedyOf({ status: 'failed', platform: 'reels', message: `whisper: ${NO_MODEL}` })).toEqual({ kind: 'download-model', model: 'base.en' });
    expect(remedyOf({ status: 'failed', platform: 'microblog', message: 'whisper: whisper model small is not downloaded yet (transcript-desk models download small)' })).toEqual({ kind: 'download-model', model: 'small' });
    expect(remedyOf({ status: 'empty', platform: 'shortform', message: `Transcribing the audio failed: Speech-to-text unavailable: ${NO_MODEL}. Nothing was charged` })).toEqual({ kind: 'download-model', model: 'base.en' });
  });

  it('offers "Transcribe the audio" on an empty TikTok or Facebook row only', () => {
    expect(remedyOf({ status: 'empty', platform: 'shortform', message: 'TikTok has the video but no captions of its speech (charged, as the API does)' })).toEqual({ kind: 'transcribe-audio' });
    expect(remedyOf({ status: 'empty', platform: 'social', message: null })).toEqual({ kind: 'transcribe-audio' });
    expect(remedyOf({ status: 'done', platform: 'shortform', message: null })).toBeNull();
    expect(remedyOf({ status: 'failed', platform: 'shortform', message: 'No transcript available for this video' })).toBeNull();
  });
});

it('drops the CLI commands from the message', () => {
  expect(withoutCliCommands(`Speech-to-text unavailable: ${NO_MODEL}`)).toBe('Speech-to-text unavailable: whisper has no model: download one with “Download a model”, or choose a model file in Settings → Speech-to-text');
  expect(withoutCliCommands('whisper model small is not downloaded yet (transcript-desk models download small)')).toBe('whisper model small is not downloaded yet');
});

describe('a link on no known site', () => {
  it('offers to read it as a podcast feed, only while it is an invalid row of no platform', () => {
    const row = { status: 'invalid', platform: null, message: 'Not a link to a supported platform', url: 'https://feeds.example.org/show.xml' } as const;
    expect(remedyOf(row)).toEqual({ kind: 'read-as-feed' });
    expect(remedyOf({ ...row, url: 'https://www.youtube.com/watch', platform: 'longform' })).toBeNull();
  });
});
