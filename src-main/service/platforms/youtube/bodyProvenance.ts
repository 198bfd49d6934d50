// A YouTube answer's provenance read back from the spec's body alone (a team server's answer, which
// carries no provenance): `language` names the track shown, as this service names it (tracks.ts):
// a listed track's name (its `kind` says automatic or not), or "<language> (auto-translated from
// <track>)" for YouTube's translation. Anything else is unknown, never a guess.
import type { LongformBody } from '#shared/contract/api/index';
import type { Provenance } from '#shared/contract/provenance';

const TRANSLATED = /^.+ \(auto-translated from (.+)\)$/;
const untagged = (name: string) => name.replace(/ \(auto-generated\)$/, '');

/** `lang`: the language the request asked for, the only place a translation's target code is known. */
export function provenanceOfLongformBody(body: Pick<LongformBody, 'language' | 'captionTracks'>, lang: string | undefined): Provenance | null {
  const track = body.captionTracks.find((t) => t.name.simpleText === body.language);
  if (track !== undefined) return { kind: track.kind === 'asr' ? 'auto-captions' : 'creator-captions', language: track.languageCode };
  const translated = TRANSLATED.exec(body.language);
  if (translated === null) return null;
  const source = body.captionTracks.find((t) => untagged(t.name.simpleText) === translated[1]);
  return { kind: 'machine-translated', language: lang ?? null, from: source?.languageCode ?? null };
}
