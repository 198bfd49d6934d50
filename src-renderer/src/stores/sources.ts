// Sources waiting for the picker: a paste may name several; each gets its own picker, one after
// the other, in the order they were pasted.
import { create } from 'zustand';
import type { SourceKind } from '#shared/contract/sources';

export interface SourceLink {
  url: string;
  /** null: a link on no supported site, to be read as a podcast feed. */
  kind: SourceKind | null;
}

export interface PickRequest extends SourceLink {
  id: number;
}

interface SourcesStore {
  pending: PickRequest[];
  pick: (links: readonly SourceLink[]) => void;
  /** The current picker closed (added, cancelled): the next source's opens. */
  done: (id: number) => void;
}

let nextId = 1;

export const useSources = create<SourcesStore>()((set, get) => ({
  pending: [],
  pick(links) {
    const known = new Set(get().pending.map((p) => p.url));
    const fresh = links.filter((l) => !known.has(l.url)).map((l) => ({ ...l, id: nextId++ }));
    if (fresh.length > 0) set({ pending: [...get().pending, ...fresh] });
  },
  done: (id) => set({ pending: get().pending.filter((p) => p.id !== id) }),
}));
