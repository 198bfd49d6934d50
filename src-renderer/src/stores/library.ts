// The library view: the search, its filters and what it found.
import { create } from 'zustand';
import type { LibraryEntry, LibraryProvenanceFilter } from '#shared/contract/library';
import type { LibraryPlatform } from '#shared/platforms';
import { desk } from '../lib/desk';
import { deskErrorOf } from '#shared/contract/result';

export interface LibraryFilters {
  query: string;
  platform: LibraryPlatform | null;
  /** Only transcripts of this source kind. */
  provenance: LibraryProvenanceFilter | null;
  /** yyyy-mm-dd from the date inputs, or '' */
  from: string;
  to: string;
}

interface LibraryStore {
  filters: LibraryFilters;
  entries: LibraryEntry[];
  total: number;
  loading: boolean;
  error: string | null;
  selected: Set<number>;
  setFilters: (change: Partial<LibraryFilters>) => void;
  search: (more?: boolean) => Promise<void>;
  toggle: (id: number) => void;
  clearSelection: () => void;
}

const PAGE = 100;
const dayStart = (date: string) => (date === '' ? null : new Date(`${date}T00:00:00`).getTime());
const dayEnd = (date: string) => (date === '' ? null : new Date(`${date}T23:59:59.999`).getTime());

let generation = 0;

export const useLibrary = create<LibraryStore>()((set, get) => ({
  filters: { query: '', platform: null, provenance: null, from: '', to: '' },
  entries: [],
  total: 0,
  loading: false,
  error: null,
  selected: new Set(),
  setFilters(change) {
    set({ filters: { ...get().filters, ...change } });
    void get().search();
  },
  async search(more = false) {
    const { filters, entries } = get();
    const mine = ++generation;
    set({ loading: true, error: null });
    try {
      const result = await desk().invoke('library.search', {
        query: filters.query,
        platform: filters.platform,
        provenance: filters.provenance,
        from: dayStart(filters.from),
        to: dayEnd(filters.to),
        limit: PAGE,
        offset: more ? entries.length : 0,
      });
      // Typing fast sends several searches; only the latest one's answer counts.
      if (mine !== generation) return;
      set({ entries: more ? [...entries, ...result.entries] : result.entries, total: result.total, loading: false });
    } catch (error) {
      if (mine === generation) set({ error: deskErrorOf(error).message, loading: false });
    }
  },
  toggle(id) {
    const selected = new Set(get().selected);
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    set({ selected });
  },
  clearSelection: () => set({ selected: new Set() }),
}));
