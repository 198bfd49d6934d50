// Loading a snapshot while events keep arriving. The snapshot (an RPC answer) and the events (the
// event stream) travel on different connections: an event may overtake the snapshot or lag
// behind it. Changes that arrive while a load is in flight are held and replayed on top of the
// snapshot, in order, so the newest state of every row wins. The queue and the jobs stores both
// load this way.

export interface ReplayHolding<C> {
  /** While a load is in flight: keeps `change` for replay and answers true (apply nothing now); else false. */
  hold(change: C): boolean;
  /** Runs `load`; the changes held meanwhile go to `replay`, in order, after it, also when it failed. */
  loadWithReplay(load: () => Promise<void>, replay: (change: C) => void): Promise<void>;
}

export function replayHolding<C>(): ReplayHolding<C> {
  // One list per load in flight: two overlapping loads each replay everything that arrived during theirs.
  const holding: C[][] = [];
  return {
    hold(change) {
      if (holding.length === 0) return false;
      for (const held of holding) held.push(change);
      return true;
    },
    async loadWithReplay(load, replay) {
      const held: C[] = [];
      holding.push(held);
      try {
        await load();
      } finally {
        holding.splice(holding.indexOf(held), 1);
        for (const change of held) replay(change);
      }
    },
  };
}
