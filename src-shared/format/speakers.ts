// Speaker labels in exports. Each format carries them the way its readers expect: WebVTT as a voice
// span on every cue (`<v Name>`, which players style and do not print as words); SubRip, which has
// no such field, and TXT as a visible "Name: " where the speaker changes (on every line would
// drown the words); JSON and CSV as a `speaker` field (CSV adds the column only when the transcript
// names someone, so exports of other transcripts keep their columns).
import type { Segment } from '../transcript';

export function hasSpeakers(segments: readonly Segment[] | null): boolean {
  return segments?.some((s) => s.speaker !== undefined && s.speaker !== '') ?? false;
}

/** Segments whose text starts with "Name: " where the speaker changes (SRT, TXT). */
export function labelSpeakerChanges(segments: readonly Segment[]): Segment[] {
  let previous: string | undefined;
  return segments.map((s) => {
    const changed = s.speaker !== undefined && s.speaker !== '' && s.speaker !== previous;
    previous = s.speaker;
    return changed ? { ...s, text: `${s.speaker}: ${s.text}` } : s;
  });
}

/** TXT of a transcript with speakers: a line per segment, "Name: " where the speaker changes. */
export function speakerText(segments: readonly Segment[]): string {
  if (segments.length === 0) return '\n';
  let out = '';
  for (const segment of labelSpeakerChanges(segments)) out += `${segment.text}\n`;
  return out;
}
