// The words a person reads for each provenance, the JSON export carrying it, and the upstream
// signals the fixtures do not exercise (a TikTok track TikTok machine-translated, a publisher's
// transcript type, YouTube's translated track).
import { describe, expect, it } from 'vitest';
import type { Provenance } from '#shared/contract/provenance';
import { formatTranscript } from '#shared/format/formatters';
import { provenanceLabel } from '#shared/format/provenanceLabel';
import { publishedTranscript, publisherFormat } from '#service/podcast/publishedTranscript';
import type { UpstreamClient } from '#service/upstream/client';
import { subtitleTrackOf } from '#service/platforms/tiktok/item';
import { trackProvenance } from '#service/platforms/youtube/tracks';
import { provenanceOfLongformBody } from '#service/platforms/youtube/bodyProvenance';
import { speechProvenance } from '#service/stt/provenance';

describe('provenanceLabel', () => {
  const cases: [Provenance | null, string][] = [
    [{ kind: 'creator-captions', language: 'en' }, 'Creator captions (en)'],
    [{ kind: 'auto-captions', language: 'en' }, 'Automatic captions (en)'],
    [{ kind: 'auto-captions', language: null }, 'Automatic captions'],
    [{ kind: 'machine-translated', language: 'en', from: 'de' }, 'Machine-translated from German to English'],
    [{ kind: 'machine-translated', language: 'fr', from: null }, 'Machine-translated from another language to French'],
    [{ kind: 'speech-to-text', engine: 'whisper', model: 'ggml-base.en', version: null, language: 'en', task: 'transcribe' }, 'Speech-to-text: whisper ggml-base.en, en'],
    [{ kind: 'speech-to-text', engine: 'pocketsphinx', model: null, version: null, language: null, task: 'transcribe' }, 'Speech-to-text: pocketsphinx'],
    [{ kind: 'speech-to-text', engine: 'whisper', model: 'ggml-small', version: '1.7', language: 'de', task: 'translate' }, 'Speech-to-text: whisper ggml-small 1.7, de, translated to English'],
    [{ kind: 'publisher', format: 'vtt', language: null }, 'Publisher transcript (VTT)'],
    [{ kind: 'edited', from: 'version 2' }, 'Edited (from version 2)'],
    [null, 'unknown (cached before provenance was recorded)'],
  ];
  it.each(cases)('%j → %s', (provenance, label) => {
    expect(provenanceLabel(provenance)).toBe(label);
  });
});

describe('the JSON export', () => {
  it('carries the provenance as recorded, and null when unknown', () => {
    const provenance: Provenance = { kind: 'machine-translated', language: 'fr', from: 'en' };
    const doc = { title: 'T', platform: 'longform' as const, language: 'French', text: 'bonjour', segments: null };
    const withIt = formatTranscript({ ...doc, provenance }, 'json');
    const without = formatTranscript(doc, 'json');
    if (!withIt.ok || !without.ok) throw new Error('JSON export refused');
    expect((JSON.parse(withIt.content) as { provenance: unknown }).provenance).toEqual(provenance);
    expect((JSON.parse(without.content) as { provenance: unknown }).provenance).toBeNull();
  });
});

describe('upstream signals', () => {
  it('TikTok: a track TikTok machine-translated from its ASR track, when it is the only readable one', () => {
    const item = {
      video: {
        subtitleInfos: [
          { LanguageCodeName: 'spa-ES', Url: 'https://v16.tiktokcdn.com/es.vtt', Format: 'webvtt', Source: 'MT' },
          { LanguageCodeName: 'eng-US', Url: 'https://v16.tiktokcdn.com/en.bin', Format: 'dfxp', Source: 'ASR' },
        ],
      },
    };
    expect(subtitleTrackOf(item)?.provenance).toEqual({ kind: 'machine-translated', language: 'spa-ES', from: 'eng-US' });
  });

  it('TikTok: a creator_caption file TikTok does not call ASR or MT is the creator\'s', () => {
    const item = { video: { subtitleInfos: [{ LanguageCodeName: 'eng-US', Url: 'https://v16.tiktokcdn.com/c.json', Format: 'creator_caption' }] } };
    expect(subtitleTrackOf(item)?.provenance).toEqual({ kind: 'creator-captions', language: 'eng-US' });
  });

  it('YouTube: tlang on a track is a translation from that track\'s language', () => {
    const track = { baseUrl: 'https://www.youtube.com/api/timedtext?v=x&lang=de', name: { simpleText: 'German' }, languageCode: 'de', isTranslatable: true, kind: 'asr' };
    expect(trackProvenance({ track, translation: { languageCode: 'en', name: 'English' } })).toEqual({ kind: 'machine-translated', language: 'en', from: 'de' });
    expect(trackProvenance({ track })).toEqual({ kind: 'auto-captions', language: 'de' });
  });

  it('podcasts: the feed\'s MIME type becomes the format a reader knows', () => {
    expect(publisherFormat('text/vtt')).toBe('vtt');
    expect(publisherFormat('application/x-subrip')).toBe('srt');
    expect(publisherFormat('application/json; charset=utf-8')).toBe('json');
    expect(publisherFormat(null)).toBe('unknown');
  });
});

describe('a podcast episode finished from its publisher\'s file', () => {
  it('records the publisher and the file\'s format', async () => {
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome to the show.\n';
    const upstream = { request: () => Promise.resolve({ status: 200, text: () => vtt }) } as unknown as UpstreamClient;
    const episode = { key: 'ep', status: 'processing' as const, title: 'E', showTitle: 'S', durationSeconds: 60, audioUrl: null, transcriptUrl: 'https://transcripts.example/ep.vtt', transcriptType: 'text/vtt', runnerPid: null, createdAt: 0 };
    const published = await publishedTranscript(upstream, episode, new AbortController().signal);
    expect(published.ok && published.finished.provenance).toEqual({ kind: 'publisher', format: 'vtt', language: null });
  });
});

describe("a team server's YouTube answer (no provenance of its own)", () => {
  const tracks = [
    { baseUrl: 'https://y/en', name: { simpleText: 'English' }, languageCode: 'en', isTranslatable: true },
    { baseUrl: 'https://y/a.en', name: { simpleText: 'English (auto-generated)' }, languageCode: 'en', isTranslatable: true, kind: 'asr' },
  ];
  it('reads it from the track the body names, and from a translation\'s name', () => {
    expect(provenanceOfLongformBody({ language: 'English', captionTracks: tracks }, undefined)).toEqual({ kind: 'creator-captions', language: 'en' });
    expect(provenanceOfLongformBody({ language: 'English (auto-generated)', captionTracks: tracks }, undefined)).toEqual({ kind: 'auto-captions', language: 'en' });
    expect(provenanceOfLongformBody({ language: 'French (auto-translated from English)', captionTracks: tracks }, 'fr')).toEqual({ kind: 'machine-translated', language: 'fr', from: 'en' });
    expect(provenanceOfLongformBody({ language: 'Klingon', captionTracks: tracks }, undefined)).toBeNull();
  });
});

describe('our speech-to-text', () => {
  it('names the engine, the model, the language it was told (none for auto) and whether it translated', () => {
    expect(speechProvenance({ engine: 'whisper', model: 'ggml-base.en' }, 'en')).toEqual({ kind: 'speech-to-text', engine: 'whisper', model: 'ggml-base.en', version: null, language: 'en', task: 'transcribe' });
    expect(speechProvenance({ engine: 'whisper', model: 'ggml-small', task: 'translate' }, 'auto')).toMatchObject({ language: null, task: 'translate' });
  });
});
