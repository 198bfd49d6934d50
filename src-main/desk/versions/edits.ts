// The edits a person makes to a transcript, as pure functions from one version's content to the
// next one's. A segment whose text changes loses its `words` (their times belong to the old text)
// and its `suspect` flag (a person read it and decided); every other segment stays as it was.
import type { Edit } from '#shared/contract/versions';
import { DeskError } from '#shared/contract/result';
import type { Segment } from '#shared/transcript';

export interface Content {
  text: string;
  segments: Segment[] | null;
}

export interface Edited extends Content {
  /** What the edit did, in a few words: the new version's label. */
  label: string;
}

const refuse = (message: string): never => {
  throw new DeskError('invalid_input', message);
};

/** A timed transcript's text, as speech-to-text writes it: one line per segment. */
export const textOfSegments = (segments: readonly Segment[]): string => segments.map((s) => s.text).join('\n');

/** The segment's text replaced, without the parts that described the old text. */
function retexted(segment: Segment, text: string): Segment {
  const { words: _words, suspect: _suspect, ...rest } = segment;
  return { ...rest, text };
}

function segmentsOf(content: Content, what: string): Segment[] {
  if (content.segments === null || content.segments.length === 0) return refuse(`${what} needs timed lines; this version is free text only (edit its text instead)`);
  return content.segments;
}

function at(segments: readonly Segment[], index: number): Segment {
  return segments[index] ?? refuse(`There is no line ${index + 1} (this version has ${segments.length})`);
}

const timed = (segments: Segment[], label: string): Edited => ({ label, text: textOfSegments(segments), segments });

/**
 * Split: the first part keeps the text before `at`, the second the rest (spaces at the cut
 * dropped). The times are cut in proportion to the characters on each side: lines carry no word
 * times once edited, and speech runs at a roughly even rate within one line, so this is the best
 * guess without the audio (the player's seek lands within a word or two of the cut).
 */
function split(segments: Segment[], index: number, cut: number): Edited {
  const segment = at(segments, index);
  if (cut >= segment.text.length) return refuse(`Line ${index + 1} has ${segment.text.length} characters: the cut must fall inside it`);
  const first = segment.text.slice(0, cut).trimEnd();
  const second = segment.text.slice(cut).trimStart();
  if (first === '' || second === '') return refuse('A split must leave text on both sides of the cut');
  const middle = Math.round(segment.startMs + ((segment.endMs - segment.startMs) * cut) / segment.text.length);
  const parts = [
    { ...retexted(segment, first), endMs: middle },
    { ...retexted(segment, second), startMs: middle },
  ];
  return timed([...segments.slice(0, index), ...parts, ...segments.slice(index + 1)], `Split line ${index + 1}`);
}

/** Merge: one line from the first's start to the second's end; two speakers' lines are refused (rename one first). */
function merge(segments: Segment[], index: number): Edited {
  const a = at(segments, index);
  const b = segments[index + 1] ?? refuse(`Line ${index + 1} is the last line: there is no next line to merge it with`);
  if (a.speaker !== b.speaker) return refuse(`Lines ${index + 1} and ${index + 2} have different speakers (${a.speaker ?? 'none'}, ${b.speaker ?? 'none'}); rename one first`);
  const joined = { ...retexted(a, `${a.text.trimEnd()} ${b.text.trimStart()}`), endMs: Math.max(a.endMs, b.endMs) };
  return timed([...segments.slice(0, index), joined, ...segments.slice(index + 2)], `Merged lines ${index + 1}–${index + 2}`);
}

/** `from` as a whole word or phrase, case-insensitive, any run of spaces between its words. */
function phrase(from: string): RegExp {
  const words = from.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'giu');
}

/** Replace: the vocabulary's spelling wherever the transcript has the near miss; lines without it keep their word times. */
function replace(content: Content, from: string, to: string): Edited {
  const pattern = phrase(from);
  let count = 0;
  const swap = (text: string) =>
    text.replace(pattern, () => {
      count++;
      return to;
    });
  const label = () => `Replaced “${from}” with “${to}” (${count} ${count === 1 ? 'place' : 'places'})`;
  if (content.segments === null || content.segments.length === 0) {
    const text = swap(content.text);
    if (count === 0) return refuse(`“${from}” does not occur in this version`);
    return { label: label(), text, segments: null };
  }
  const segments = content.segments.map((s) => {
    const text = swap(s.text);
    return text === s.text ? s : retexted(s, text);
  });
  if (count === 0) return refuse(`“${from}” does not occur in this version`);
  return timed(segments, label());
}

export function applyEdit(content: Content, edit: Edit): Edited {
  switch (edit.kind) {
    case 'segmentText': {
      const segments = segmentsOf(content, 'Fixing a line');
      const segment = at(segments, edit.index);
      if (segment.text === edit.text) return refuse(`Line ${edit.index + 1} already says that`);
      return timed(segments.map((s, i) => (i === edit.index ? retexted(s, edit.text) : s)), `Fixed line ${edit.index + 1}`);
    }
    case 'renameSpeaker': {
      const segments = segmentsOf(content, 'Renaming a speaker');
      if (edit.from === edit.to) return refuse('The new name is the old one');
      if (!segments.some((s) => s.speaker === edit.from)) return refuse(`No line is spoken by ${edit.from}`);
      return timed(segments.map((s) => (s.speaker === edit.from ? { ...s, speaker: edit.to } : s)), `Renamed ${edit.from} → ${edit.to}`);
    }
    case 'merge':
      return merge(segmentsOf(content, 'Merging lines'), edit.index);
    case 'split':
      return split(segmentsOf(content, 'Splitting a line'), edit.index, edit.at);
    case 'replace':
      return replace(content, edit.from, edit.to);
    case 'text':
      if (content.segments !== null && content.segments.length > 0) return refuse('This version has timed lines: fix them line by line, so their times stay right');
      if (content.text === edit.text) return refuse('The text is unchanged');
      return { label: 'Edited the text', text: edit.text, segments: null };
  }
}
