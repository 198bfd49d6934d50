// A local file's transcript in the viewer: where it came from (the file's name and path, its
// length, the engine and model that wrote it) and the desk's own player for it, an <audio> or a
// <video> reading the file through the app (the desktop app's media protocol, the browser build's
// media route), never a file:// URL. A click on a line's time seeks it (Viewer.tsx).
import { useEffect, useState, type RefObject } from 'react';
import type { TranscriptView } from '#shared/contract/transcript';
import { clock } from '../../lib/format';

export type LocalFileInfo = NonNullable<TranscriptView['localFile']>;

/** Plays `player` from `ms`. A refused play() (no audio device, a policy) leaves it paused at that moment. */
export function seek(player: HTMLMediaElement | null, ms: number): void {
  if (player === null) return;
  player.currentTime = ms / 1000;
  void player.play().catch(() => undefined);
}

/**
 * The line the player is in (the last one starting at or before its time), marked in the list so
 * the reader can follow the recording; null while nothing has played.
 */
export function usePlayingLine(player: RefObject<HTMLMediaElement | null>, starts: readonly (number | null)[], active: boolean): number | null {
  const [index, setIndex] = useState<number | null>(null);
  useEffect(() => {
    const element = player.current;
    setIndex(null);
    if (!active || element === null) return;
    const onTime = () => {
      const ms = element.currentTime * 1000;
      let found: number | null = null;
      starts.forEach((start, i) => {
        if (start !== null && start <= ms) found = i;
      });
      setIndex(found);
    };
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('seeked', onTime);
    return () => {
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('seeked', onTime);
    };
  }, [player, starts, active]);
  return index;
}

function Player({ file, player }: { file: LocalFileInfo; player: RefObject<HTMLMediaElement | null> }) {
  if (file.playerSrc === null) {
    return (
      <p className="player-problem" role="note" data-testid="player-problem">
        {file.playerProblem ?? 'This file cannot be played here.'}
      </p>
    );
  }
  const label = `Play ${file.name}`;
  // preload="metadata": the length and the first frame, not the whole file, until play is pressed.
  return file.video ? (
    <video ref={player as RefObject<HTMLVideoElement | null>} className="local-player local-video" src={file.playerSrc} controls preload="metadata" aria-label={label} data-testid="local-player" />
  ) : (
    <audio ref={player} className="local-player" src={file.playerSrc} controls preload="metadata" aria-label={label} data-testid="local-player" />
  );
}

export function LocalFile({ file, player }: { file: LocalFileInfo; player: RefObject<HTMLMediaElement | null> }) {
  return (
    <section className="local-file" aria-label="The file" data-testid="local-file">
      <Player file={file} player={player} />
      <dl className="provenance" data-testid="provenance">
        <div>
          <dt>File</dt>
          <dd>
            {file.name} · {clock(file.durationSeconds * 1000)}
          </dd>
        </div>
        <div>
          <dt>Path</dt>
          <dd className="provenance-path">{file.path}</dd>
        </div>
        <div>
          <dt>Engine</dt>
          <dd>{file.model === null ? file.engine : `${file.engine} (${file.model})`}</dd>
        </div>
      </dl>
    </section>
  );
}
