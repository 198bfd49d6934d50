// The provenance column of both stores: JSON text in SQLite, JSONB in PostgreSQL (which hands it
// back parsed). Read back through the contract's schema, so a row no build of ours wrote is
// "unknown", never a shape the viewer cannot draw.
import { provenanceSchema, type Provenance } from '#shared/contract/provenance';

export function provenanceColumn(provenance: Provenance | null | undefined): string | null {
  return provenance == null ? null : JSON.stringify(provenance);
}

export function provenanceOfColumn(value: unknown): Provenance | null {
  if (value === null || value === undefined) return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const checked = provenanceSchema.safeParse(parsed);
  return checked.success ? checked.data : null;
}
