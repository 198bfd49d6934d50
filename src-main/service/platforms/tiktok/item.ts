// Fields of a TikTok `itemStruct`: the subtitle file to read and the video URLs to hand out.
import type { Provenance } from '#shared/contract/provenance';
import type { VideoUrls } from '../emptyTranscript';
import { asArray, asNumber, asObject, asString, at, httpUrl, type JsonObject } from '../json';

/** The subtitle formats TikTok lists (yt-dlp tiktok.py `EXT_MAP`), best first: `creator_caption` is JSON. */
export type SubtitleFormat = 'webvtt' | 'srt' | 'creator_caption';
const FORMATS: readonly SubtitleFormat[] = ['webvtt', 'srt', 'creator_caption'];

export interface SubtitleTrack {
  url: string;
  format: SubtitleFormat;
  provenance: Provenance;
}

/**
 * What TikTok says of a track: `Source: ASR` is its speech recognition, `MT` its machine translation
 * (of the ASR track, whose language it names when listed), the `creator_caption` format the
 * creator's own captions. A track saying none of that gives no signal: counted as automatic, the
 * weaker claim, rather than promising a person wrote it. Languages as TikTok writes them (`eng-US`).
 */
function provenanceOf(source: unknown, format: SubtitleFormat, language: string | null, asrLanguage: string | null): Provenance {
  if (source === 'ASR') return { kind: 'auto-captions', language };
  if (source === 'MT') return { kind: 'machine-translated', language, from: asrLanguage };
  return { kind: format === 'creator_caption' ? 'creator-captions' : 'auto-captions', language };
}

const formatOf = (info: JsonObject): SubtitleFormat | undefined => FORMATS.find((format) => format === asString(info.Format)?.toLowerCase());

/**
 * The subtitle file to read: the speech as spoken (`Source: ASR`) before machine translations
 * (`MT`) into other languages, then WebVTT before SRT before the creator's JSON captions.
 */
export function subtitleTrackOf(item: JsonObject): SubtitleTrack | undefined {
  const tracks = asArray(at(item, 'video', 'subtitleInfos')).flatMap((value) => {
    const info = asObject(value);
    const format = info === undefined ? undefined : formatOf(info);
    const url = httpUrl(info?.Url);
    return info === undefined || format === undefined || url === undefined ? [] : [{ url, format, source: info.Source, language: asString(info.LanguageCodeName) ?? null }];
  });
  // The language spoken, from any ASR track listed, even one in a format we do not read.
  const asrInfo = asArray(at(item, 'video', 'subtitleInfos')).map(asObject).find((info) => info?.Source === 'ASR');
  const asrLanguage = asString(asrInfo?.LanguageCodeName) ?? null;
  const rank = (track: (typeof tracks)[number]) => (track.source === 'ASR' ? 0 : track.source === 'MT' ? 2 : 1) * FORMATS.length + FORMATS.indexOf(track.format);
  const best = [...tracks].sort((a, b) => rank(a) - rank(b))[0];
  return best === undefined ? undefined : { url: best.url, format: best.format, provenance: provenanceOf(best.source, best.format, best.language, asrLanguage) };
}

/** TikTok sometimes lists URLs on its own web host that never serve video; those do not count. */
const playable = (value: unknown): string | undefined => {
  const url = httpUrl(value);
  return url !== undefined && new URL(url).host !== 'www.tiktok.com' ? url : undefined;
};

/**
 * `sd` is the page's play address (else the first playable rendition); `hd` a rendition of 720p
 * or more on the short side, when there is one that differs from `sd` (on TikTok there rarely is,
 * which is why the spec calls it typically null). H.266 (`bytevc2`) renditions play almost nowhere
 * and are skipped.
 */
export function videoUrlsOf(item: JsonObject): VideoUrls {
  const video = asObject(item.video);
  const renditions = asArray(video?.bitrateInfo)
    .map(asObject)
    .filter((r): r is JsonObject => r !== undefined && !`${asString(r.CodecType) ?? ''} ${asString(at(r, 'PlayAddr', 'UrlKey')) ?? ''}`.includes('bytevc2'))
    .map((r) => ({
      url: asArray(at(r, 'PlayAddr', 'UrlList')).map(playable).find((u) => u !== undefined),
      shortSide: Math.min(asNumber(at(r, 'PlayAddr', 'Width')) ?? 0, asNumber(at(r, 'PlayAddr', 'Height')) ?? 0),
      h264: asString(r.CodecType) === 'h264',
    }))
    .filter((r): r is { url: string; shortSide: number; h264: boolean } => r.url !== undefined);
  const sd = playable(video?.playAddr) ?? renditions[0]?.url ?? null;
  const hdCandidates = renditions.filter((r) => r.shortSide >= 720 && r.url !== sd).sort((a, b) => Number(b.h264) - Number(a.h264) || b.shortSide - a.shortSide);
  const thumbnail = httpUrl(video?.cover) ?? httpUrl(video?.originCover) ?? null;
  return { sd, hd: hdCandidates[0]?.url ?? null, thumbnail };
}
