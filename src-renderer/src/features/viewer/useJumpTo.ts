// Moving the viewer to a moment (a chapter's start): the line it falls in is scrolled to the middle
// and marked current, and a local file's player, where there is one, plays from there.
import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useState, type RefObject } from 'react';
import { seek } from './LocalFile';

/** The last line starting at or before `ms` (the first when every line starts later). */
export function lineAt(starts: readonly (number | null)[], ms: number): number {
  let found = 0;
  starts.forEach((start, i) => {
    if (start !== null && start <= ms) found = i;
  });
  return found;
}

export function useJumpTo(starts: readonly (number | null)[], virtualizer: Virtualizer<HTMLDivElement, Element>, player: RefObject<HTMLMediaElement | null>, playable: boolean) {
  const [jumped, setJumped] = useState<number | null>(null);
  const jump = useCallback(
    (ms: number) => {
      const line = lineAt(starts, ms);
      setJumped(line);
      virtualizer.scrollToIndex(line, { align: 'center' });
      if (playable) seek(player.current, ms);
    },
    [starts, virtualizer, player, playable],
  );
  return { jumped, jump };
}
