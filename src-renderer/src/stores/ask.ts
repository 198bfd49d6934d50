// Ask the library: where the model is (llm.status), the question's scope, and the last answer.
import { create } from 'zustand';
import type { AskAnswer, LlmStatus } from '#shared/contract/insights';
import type { LibraryPlatform } from '#shared/platforms';
import { deskErrorOf } from '#shared/contract/result';
import { desk } from '../lib/desk';
import { useLibrary } from './library';

/** Whole library, one platform, or the entries selected in the Library view (read when the question is asked). */
export type AskScopeChoice = { kind: 'all' } | { kind: 'platform'; platform: LibraryPlatform } | { kind: 'selection' };

interface AskStore {
  status: LlmStatus | null;
  question: string;
  scope: AskScopeChoice;
  busy: boolean;
  answer: AskAnswer | null;
  error: string | null;
  loadStatus: () => Promise<void>;
  setQuestion: (question: string) => void;
  setScope: (scope: AskScopeChoice) => void;
  ask: () => Promise<void>;
}

function scopeInput(scope: AskScopeChoice) {
  const selected = [...useLibrary.getState().selected];
  // The selection as it is now; emptied meanwhile, the whole library (the view offers it only while there is one).
  if (scope.kind === 'selection' && selected.length > 0) return { ids: selected.slice(0, 500), platform: null, provenance: null };
  return { platform: scope.kind === 'platform' ? scope.platform : null, provenance: null };
}

export const useAsk = create<AskStore>()((set, get) => ({
  status: null,
  question: '',
  scope: { kind: 'all' },
  busy: false,
  answer: null,
  error: null,
  async loadStatus() {
    try {
      set({ status: await desk().invoke('llm.status', {}) });
    } catch (error) {
      set({ error: deskErrorOf(error).message });
    }
  },
  setQuestion: (question) => set({ question }),
  setScope: (scope) => set({ scope }),
  async ask() {
    const { question, scope, busy } = get();
    if (busy || question.trim() === '') return;
    set({ busy: true, error: null });
    try {
      const answer = await desk().invoke('library.ask', { question, scope: scopeInput(scope) });
      set({ answer, busy: false });
    } catch (error) {
      set({ error: deskErrorOf(error).message, busy: false });
      // The model may have been removed in Settings meanwhile: the view then explains how to set one.
      void get().loadStatus();
    }
  },
}));
