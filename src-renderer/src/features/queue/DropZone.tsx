// The queue's intake: a drop target the size of the view, a paste box, and a file picker. Links
// and URL-list files fill the queue; audio and video files become local media jobs.
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { DROPPABLE_EXTENSIONS } from '#shared/queue/extract';
import { droppedPaths, importFiles } from '../../lib/appCommands';
import { useOffline } from '../../lib/offline';
import { readDataTransfer, readFiles, readText } from './readDrop';
import { useIntake } from './useIntake';

/** What the file picker offers: URL lists, and audio and video (the server probes what is what). */
const PICKABLE = [...DROPPABLE_EXTENSIONS.map((e) => `.${e}`), 'audio/*', 'video/*'].join(',');

export function DropTarget({ children }: { children: ReactNode }) {
  const [over, setOver] = useState(false);
  const intake = useIntake();
  const depth = useRef(0);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    // The desktop app hands every dropped path (folders too) to the main process, which reads URL
    // lists, probes media and counts folders (lib/appCommands.ts shows its answer); the browser
    // build reads URL lists here and uploads the rest.
    const paths = droppedPaths(Array.from(event.dataTransfer.files));
    if (paths !== null) void importFiles(paths);
    else void readDataTransfer(event.dataTransfer).then(intake);
  };
  return (
    <div
      className={over ? 'drop-target drop-over' : 'drop-target'}
      data-testid="drop-target"
      onDragEnter={(e) => {
        e.preventDefault();
        depth.current++;
        setOver(true);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={onDrop}
    >
      {children}
      {over && (
        <div className="drop-veil" aria-hidden="true">
          <p>Drop to add the links and files</p>
        </div>
      )}
    </div>
  );
}

export function PasteBox({ large }: { large: boolean }) {
  const [text, setText] = useState('');
  const intake = useIntake();
  const offline = useOffline();
  const fileInput = useRef<HTMLInputElement>(null);
  const add = () => {
    if (text.trim() === '') return;
    intake(readText(text));
    setText('');
  };
  return (
    <section className={large ? 'intake intake-large' : 'intake'} aria-label="Add links">
      {large && (
        <div className="intake-hint">
          <h2>Drop links or recordings here</h2>
          <p>Links, text, or .txt, .csv, .md and .html files: every link is checked at once, duplicates are folded.</p>
          <p>Audio and video files are transcribed on this machine, free of credits.</p>
        </div>
      )}
      <div className="paste-row">
        <label htmlFor="paste-box" className="visually-hidden">
          Links to add
        </label>
        <textarea
          id="paste-box"
          className="paste-box"
          rows={large ? 4 : 1}
          placeholder="Paste links, one per line or mixed with text…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey || !e.shiftKey) && !large) {
              e.preventDefault();
              add();
            } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              add();
            }
          }}
        />
        <div className="paste-actions">
          <button type="button" className="button primary" onClick={add} disabled={offline || text.trim() === ''}>
            Add links
          </button>
          <button type="button" className="button" onClick={() => fileInput.current?.click()}>
            Open file…
          </button>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            accept={PICKABLE}
            data-testid="file-input"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              // Picked files go the way dropped ones do.
              const paths = droppedPaths(files);
              if (paths !== null) void importFiles(paths);
              else if (files.length > 0) void readFiles(files).then(intake);
            }}
          />
        </div>
      </div>
    </section>
  );
}
