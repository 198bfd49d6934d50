// Transcript versions on SQLite (store/versions.ts is the port; postgres/versions.ts the twin).
import type Database from 'better-sqlite3';
import { versionOfRow, versionRecord, type NewTranscriptVersion, type TranscriptVersion, type VersionRow } from '../store/versions';

export class Versions {
  private readonly insert;
  private readonly highest;
  private readonly one;
  private readonly all;
  private readonly drop;
  private readonly choice;
  private readonly setChoice;
  private readonly clearChoice;
  private readonly dropAll;

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare<[string, string, number, number, string]>('INSERT INTO transcript_versions (id, ref_key, number, created_at, record) VALUES (?, ?, ?, ?, ?)');
    this.highest = db.prepare<[string], { n: number | null }>('SELECT MAX(number) AS n FROM transcript_versions WHERE ref_key = ?');
    this.one = db.prepare<[string], VersionRow>('SELECT id, ref_key, number, created_at, record FROM transcript_versions WHERE id = ?');
    this.all = db.prepare<[string], VersionRow>('SELECT id, ref_key, number, created_at, record FROM transcript_versions WHERE ref_key = ? ORDER BY number');
    this.drop = db.prepare<[string]>('DELETE FROM transcript_versions WHERE id = ?');
    this.choice = db.prepare<[string], { version_id: string }>('SELECT version_id FROM transcript_version_choices WHERE ref_key = ?');
    this.setChoice = db.prepare<[string, string]>('INSERT INTO transcript_version_choices (ref_key, version_id) VALUES (?, ?) ON CONFLICT (ref_key) DO UPDATE SET version_id = excluded.version_id');
    this.clearChoice = db.prepare<[string]>('DELETE FROM transcript_version_choices WHERE ref_key = ?');
    this.dropAll = db.prepare<[string]>('DELETE FROM transcript_versions WHERE ref_key = ?');
  }

  add(version: NewTranscriptVersion): TranscriptVersion {
    return this.db.transaction(() => {
      const number = (this.highest.get(version.refKey)?.n ?? 0) + 1;
      this.insert.run(version.id, version.refKey, number, version.createdAt, JSON.stringify(versionRecord(version)));
      return { ...version, number };
    }).immediate();
  }

  get(id: string): TranscriptVersion | undefined {
    const row = this.one.get(id);
    return row === undefined ? undefined : versionOfRow(row);
  }

  list(refKey: string): TranscriptVersion[] {
    return this.all.all(refKey).map(versionOfRow);
  }

  remove(id: string): boolean {
    return this.db.transaction(() => {
      const version = this.get(id);
      if (version === undefined) return false;
      if (this.choice.get(version.refKey)?.version_id === id) {
        const parent = version.parent === null ? undefined : this.get(version.parent);
        if (parent !== undefined && parent.refKey === version.refKey) this.setChoice.run(version.refKey, parent.id);
        else this.clearChoice.run(version.refKey);
      }
      this.drop.run(id);
      return true;
    }).immediate();
  }

  removeAll(refKey: string): number {
    // The choice row goes with its version (ON DELETE CASCADE).
    return this.dropAll.run(refKey).changes;
  }

  chosen(refKey: string): string | null {
    return this.choice.get(refKey)?.version_id ?? null;
  }

  choose(refKey: string, id: string | null): boolean {
    return this.db.transaction(() => {
      if (id === null) {
        this.clearChoice.run(refKey);
        return true;
      }
      if (this.get(id)?.refKey !== refKey) return false;
      this.setChoice.run(refKey, id);
      return true;
    }).immediate();
  }
}
