// Caption tracks as the player lists them, in the spec's `captionTracks` shape, and which one to fetch.
import type { SpecCaptionTrack } from '#shared/contract/api/index';
import type { Provenance } from '#shared/contract/provenance';
import { asArray, asNumber, asObject, asString, at } from '../json';

/** A track as the spec's `captionTracks` lists it, `kind` (`asr`) and `vssId` where YouTube sends them. */
export type CaptionTrack = SpecCaptionTrack;

/** ANDROID names tracks `{runs: [{text}]}`, WEB `{simpleText}`: both become `simpleText`. */
function displayName(name: unknown): string | undefined {
  return asString(at(name, 'simpleText')) ?? asString(at(asArray(at(name, 'runs'))[0], 'text'));
}

/** A language YouTube offers to machine-translate translatable tracks into (`&tlang=`). */
export interface TranslationLanguage {
  languageCode: string;
  name: string;
}

export interface TrackList {
  tracks: CaptionTrack[];
  defaultIndex: number | undefined;
  translationLanguages: TranslationLanguage[];
  /** The track YouTube translates from by default (`defaultTranslationSourceTrackIndices`). */
  translationSourceIndex: number | undefined;
}

/** Every track the player exposes, normalised; entries without a URL or language are dropped. */
export function captionTracksOf(player: unknown): TrackList {
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
  const source = asNumber(asArray(at(renderer, 'defaultTranslationSourceTrackIndices'))[0]);
  const translationLanguages = asArray(at(renderer, 'translationLanguages')).flatMap((raw) => {
    const languageCode = asString(at(raw, 'languageCode'));
    const name = displayName(at(raw, 'languageName'));
    return languageCode === undefined || name === undefined ? [] : [{ languageCode, name }];
  });
  return {
    tracks,
    defaultIndex: declared === undefined ? undefined : indexMap.get(declared),
    translationLanguages,
    translationSourceIndex: source === undefined ? undefined : indexMap.get(source),
  };
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

export type TrackChoice =
  | { ok: true; track: CaptionTrack; translation?: TranslationLanguage }
  | { ok: false; reason: 'po_token' | 'no_such_language' };

/** The translation language `lang` names: exactly, else by base language (`pt-BR` finds `pt`). */
function translationFor(languages: readonly TranslationLanguage[], lang: string): TranslationLanguage | undefined {
  const wanted = lang.toLowerCase();
  return languages.find((l) => l.languageCode.toLowerCase() === wanted) ?? languages.find((l) => baseLanguage(l.languageCode) === baseLanguage(wanted));
}

/**
 * A machine translation into `lang` when the video has no track in it: from YouTube's default
 * translation source, else the default track, else a manual one, else an auto-generated one; only
 * tracks YouTube marks translatable.
 */
function chooseTranslation(list: Omit<TrackList, 'tracks'> & { tracks: readonly CaptionTrack[] }, lang: string, pick: (candidates: readonly CaptionTrack[]) => TrackChoice): TrackChoice {
  const translation = translationFor(list.translationLanguages, lang);
  if (translation === undefined) return { ok: false, reason: 'no_such_language' };
  const { tracks } = list;
  const indexed = (index: number | undefined) => (index === undefined ? [] : [tracks[index]].filter((t): t is CaptionTrack => t !== undefined));
  const ordered = [...indexed(list.translationSourceIndex), ...indexed(list.defaultIndex), ...tracks.filter((t) => !isAsr(t)), ...tracks.filter(isAsr)].filter((t) => t.isTranslatable);
  const choice = pick(ordered);
  return choice.ok ? { ...choice, translation } : choice;
}

/** The name a translated track goes by: "German (auto-translated from English)". */
export function translatedName(source: CaptionTrack, translation: TranslationLanguage): string {
  return `${translation.name} (auto-translated from ${source.name.simpleText.replace(/ \(auto-generated\)$/, '')})`;
}

/**
 * What YouTube says of the fetched track: `&tlang=` is its machine translation of the source
 * track, `kind: asr` its own speech recognition, any other track one the creator uploaded or typed.
 */
export function trackProvenance(choice: { track: CaptionTrack; translation?: TranslationLanguage }): Provenance {
  const { track, translation } = choice;
  if (translation !== undefined) return { kind: 'machine-translated', language: translation.languageCode, from: track.languageCode };
  return { kind: isAsr(track) ? 'auto-captions' : 'creator-captions', language: track.languageCode };
}

/** The caption URL of a track, asking YouTube for the translation when there is one. */
export function captionUrl(choice: { track: CaptionTrack; translation?: TranslationLanguage }): string {
  return choice.translation === undefined ? choice.track.baseUrl : `${choice.track.baseUrl}&tlang=${encodeURIComponent(choice.translation.languageCode)}`;
}

/**
 * The track to fetch: with `lang`, a manual track in that language, else an auto-generated one,
 * matching exactly first and then by base language (`pt` finds `pt-BR`), else (when `list` offers
 * it) a machine translation into `lang`: native tracks always win; without `lang`, the video's
 * default track, else the first manual one, else the first auto-generated one. Tracks that need a
 * PO token are skipped; when only such tracks would do, the answer says so.
 */
export function chooseTrack(tracks: readonly CaptionTrack[], defaultIndex: number | undefined, lang: string | undefined, list?: Omit<TrackList, 'tracks' | 'defaultIndex'>): TrackChoice {
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
    return list === undefined ? { ok: false, reason: 'no_such_language' } : chooseTranslation({ ...list, tracks, defaultIndex }, lang, pick);
  }
  const preferred = defaultIndex === undefined ? undefined : tracks[defaultIndex];
  const ordered = [...(preferred === undefined ? [] : [preferred]), ...tracks.filter((t) => !isAsr(t)), ...tracks.filter(isAsr)];
  return pick(ordered);
}
