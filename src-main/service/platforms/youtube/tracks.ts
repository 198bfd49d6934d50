// Caption tracks as the player lists them, in the spec's `captionTracks` shape, and which one to fetch.
import { asArray, asNumber, asObject, asString, at } from '../json';

export interface CaptionTrack {
  baseUrl: string;
  name: { simpleText: string };
  languageCode: string;
  isTranslatable: boolean;
  kind?: string;
  vssId?: string;
}

/** ANDROID names tracks `{runs: [{text}]}`, WEB `{simpleText}`: both become `simpleText`. */
function displayName(name: unknown): string | undefined {
  return asString(at(name, 'simpleText')) ?? asString(at(asArray(at(name, 'runs'))[0], 'text'));
}

/** Every track the player exposes, normalised; entries without a URL or language are dropped. */
export function captionTracksOf(player: unknown): { tracks: CaptionTrack[]; defaultIndex: number | undefined } {
  const renderer = at(player, 'captions', 'playerCaptionsTracklistRenderer');
  const tracks: CaptionTrack[] = [];
  const indexMap = new Map<number, number>();
  asArray(at(renderer, 'captionTracks')).forEach((raw, index) => {
    const entry = asObject(raw);
    const baseUrl = asString(entry?.baseUrl);
    const languageCode = asString(entry?.languageCode);
    if (entry === undefined || baseUrl === undefined || languageCode === undefined) return;
    const track: CaptionTrack = { baseUrl, name: { simpleText: displayName(entry.name) ?? languageCode }, languageCode, isTranslatable: entry.isTranslatable === true };
    const kind = asString(entry.kind);
    const vssId = asString(entry.vssId);
    if (kind !== undefined) track.kind = kind;
    if (vssId !== undefined) track.vssId = vssId;
    indexMap.set(index, tracks.length);
    tracks.push(track);
  });
  const declared = asNumber(at(asArray(at(renderer, 'audioTracks'))[0], 'defaultCaptionTrackIndex'));
  return { tracks, defaultIndex: declared === undefined ? undefined : indexMap.get(declared) };
}

/** YouTube's experiment that needs a PO token for this caption URL: timedtext answers 200 with nothing. */
export function needsPoToken(track: CaptionTrack): boolean {
  try {
    const exp = new URL(track.baseUrl).searchParams.get('exp');
    return exp === 'xpe' || exp === 'xpv';
  } catch {
    return true;
  }
}

const isAsr = (track: CaptionTrack) => track.kind === 'asr';
const baseLanguage = (code: string) => code.toLowerCase().split('-')[0] ?? '';

export type TrackChoice = { ok: true; track: CaptionTrack } | { ok: false; reason: 'po_token' | 'no_such_language' };

/**
 * The track to fetch: with `lang`, a manual track in that language, else an auto-generated one,
 * matching exactly first and then by base language (`pt` finds `pt-BR`); without `lang`, the
 * video's default track, else the first manual one, else the first auto-generated one. Tracks that
 * need a PO token are skipped; when only such tracks would do, the answer says so.
 */
export function chooseTrack(tracks: readonly CaptionTrack[], defaultIndex: number | undefined, lang: string | undefined): TrackChoice {
  const pick = (candidates: readonly CaptionTrack[]): TrackChoice => {
    const usable = candidates.find((track) => !needsPoToken(track));
    if (usable !== undefined) return { ok: true, track: usable };
    return candidates.length > 0 ? { ok: false, reason: 'po_token' } : { ok: false, reason: 'no_such_language' };
  };
  if (lang !== undefined) {
    const wanted = lang.toLowerCase();
    const exact = tracks.filter((t) => t.languageCode.toLowerCase() === wanted);
    const base = tracks.filter((t) => baseLanguage(t.languageCode) === baseLanguage(wanted));
    for (const group of [exact, base]) {
      const ordered = [...group.filter((t) => !isAsr(t)), ...group.filter(isAsr)];
      if (ordered.length > 0) return pick(ordered);
    }
    return { ok: false, reason: 'no_such_language' };
  }
  const preferred = defaultIndex === undefined ? undefined : tracks[defaultIndex];
  const ordered = [...(preferred === undefined ? [] : [preferred]), ...tracks.filter((t) => !isAsr(t)), ...tracks.filter(isAsr)];
  return pick(ordered);
}
