// Editing one line of the shown version: fix its text, split it where the cursor is, merge it with
// the next line, or rename its speaker on every line. Each saves a new version (the desk's
// versions.edit), made from the version shown.
import { useEffect, useRef, useState } from 'react';
import type { Segment } from '#shared/transcript';
import type { TranscriptRef } from '#shared/contract/transcript';
import { clock } from '../../lib/format';
import { useVersions } from '../../stores/versions';
import { versionActions } from './versionActions';

/** The small button at the end of each timed line that opens its editor. */
export function LineEditButton({ index }: { index: number }) {
  return (
    <button type="button" className="line-edit" aria-label={`Edit line ${index + 1}`} title="Edit this line" onClick={() => useVersions.getState().set({ editing: index })}>
      ✎
    </button>
  );
}

export function SegmentEditor({ transcript, segments }: { transcript: TranscriptRef; segments: readonly Segment[] | null }) {
  const editing = useVersions((s) => s.editing);
  const segment = editing === null ? undefined : segments?.[editing];
  const [text, setText] = useState('');
  const [speaker, setSpeaker] = useState('');
  /** Where the cursor is in the box: a split needs text on both sides of it. */
  const [caret, setCaret] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    setText(segment?.text ?? '');
    setSpeaker(segment?.speaker ?? '');
    setCaret(0);
    box.current?.focus();
  }, [segment]);
  if (editing === null || segment === undefined) return null;
  const close = () => useVersions.getState().set({ editing: null });
  const edit = async (change: Parameters<typeof versionActions.edit>[1]) => {
    if (await versionActions.edit(transcript, change)) close();
  };
  const hasNext = segments !== null && editing + 1 < segments.length;
  return (
    <form
      className="segment-editor"
      aria-label={`Edit line ${editing + 1}`}
      onSubmit={(e) => {
        e.preventDefault();
        void edit({ kind: 'segmentText', index: editing, text });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      }}
    >
      <label className="field grow">
        <span>
          Line {editing + 1} at {clock(segment.startMs)}
        </span>
        <textarea ref={box} rows={3} value={text} onChange={(e) => setText(e.target.value)} onSelect={(e) => setCaret(e.currentTarget.selectionStart)} />
      </label>
      <div className="segment-editor-actions">
        <button type="submit" className="button small primary" disabled={text.trim() === '' || text === segment.text}>
          Save fix
        </button>
        <button
          type="button"
          className="button small"
          title={text === segment.text ? 'Cut the line where the cursor is' : 'Save the fix first: the cut is made in the saved line'}
          // The cursor's offset counts characters of the saved line: unsaved typing would move it.
          disabled={text !== segment.text || caret <= 0 || caret >= text.length}
          onClick={() => void edit({ kind: 'split', index: editing, at: caret })}
        >
          Split at cursor
        </button>
        <button type="button" className="button small" disabled={!hasNext} onClick={() => void edit({ kind: 'merge', index: editing })}>
          Merge with next line
        </button>
        <button type="button" className="button small" onClick={close}>
          Cancel
        </button>
      </div>
      {segment.speaker !== undefined && (
        <div className="field-row">
          <label className="field grow">
            <span>Speaker of this line</span>
            <input value={speaker} onChange={(e) => setSpeaker(e.target.value)} />
          </label>
          <button type="button" className="button small" disabled={speaker.trim() === '' || speaker.trim() === segment.speaker} onClick={() => void edit({ kind: 'renameSpeaker', from: segment.speaker ?? '', to: speaker.trim() })}>
            Rename {segment.speaker} everywhere
          </button>
        </div>
      )}
    </form>
  );
}
