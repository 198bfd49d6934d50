// Where a transcript came from, as one labelled badge: the viewer's header and each library entry.
// Its colour sorts the kinds a reader trusts differently: what people wrote, what a machine heard,
// what a machine translated, and what nobody recorded.
import type { Provenance } from '#shared/contract/provenance';
import { provenanceLabel } from '#shared/format/provenanceLabel';

const TONE: Record<Provenance['kind'] | 'unknown', 'person' | 'machine' | 'translated' | 'unknown'> = {
  publisher: 'person',
  'creator-captions': 'person',
  edited: 'person',
  'auto-captions': 'machine',
  'speech-to-text': 'machine',
  'machine-translated': 'translated',
  'creator-chapters': 'person',
  generated: 'machine',
  unknown: 'unknown',
};

export function ProvenanceBadge({ provenance }: { provenance: Provenance | null }) {
  const kind = provenance?.kind ?? 'unknown';
  return (
    <span className={`provenance-badge tone-${TONE[kind]}`} data-testid="provenance-badge" data-kind={kind}>
      <span className="provenance-badge-label">Source:</span> {provenanceLabel(provenance)}
    </span>
  );
}
