// The viewer shows one version at a time: the original's metadata with the shown version's text
// and lines (the versions store), or the original as it is.
import { useMemo } from 'react';
import type { Provenance } from '#shared/contract/provenance';
import type { TranscriptView } from '#shared/contract/transcript';
import { useVersions } from '../../stores/versions';

export function useShownView(view: TranscriptView | null): TranscriptView | null {
  const shown = useVersions((s) => s.shown);
  const of = useVersions((s) => s.ref);
  // Only the open transcript's own version: the store may still hold the one viewed before.
  return useMemo(() => (view === null || shown === null || of !== view.ref ? view : { ...view, text: shown.text, segments: shown.segments, provenance: shown.provenance }), [view, shown, of]);
}

/** Where a version came from, in a few words. */
export function describeProvenance(provenance: Provenance): string {
  switch (provenance.kind) {
    case 'edited':
      return `edited from ${provenance.from}`;
    case 'speech-to-text':
      return ['speech-to-text', provenance.engine, provenance.model, provenance.language, provenance.task === 'translate' ? 'translated to English' : null].filter((p) => p !== null && p !== '').join(', ');
    case 'publisher':
      return `the publisher’s ${provenance.format} file`;
    case 'creator-captions':
      return 'the creator’s captions';
    case 'auto-captions':
      return 'the platform’s automatic captions';
    case 'machine-translated':
      return 'captions the platform machine-translated';
    case 'generated':
      return `${provenance.task} written by ${provenance.model} (${provenance.endpoint})`;
    case 'creator-chapters':
      return 'the creator’s chapters';
  }
}
