// Transcript versions on PostgreSQL (ledger/versions.ts is the SQLite twin).
import { versionOfRow, versionRecord, type VersionRow, type VersionStore } from '../store/versions';
import type { Sql } from './sql';

const COLUMNS = 'id, ref_key, number, created_at, record';

export function pgVersions(sql: Sql): VersionStore {
  const get = async (s: Sql, id: string) => {
    const [row] = await s.query<VersionRow>(`SELECT ${COLUMNS} FROM transcript_versions WHERE id = $1`, [id]);
    return row === undefined ? undefined : versionOfRow(row);
  };
  // A transcript's writes take its advisory lock, so two adds on two nodes never pick one number
  // and a removal's move of the choice sees the rows as they are.
  const lockRef = (s: Sql, refKey: string) => s.query("SELECT pg_advisory_xact_lock(hashtextextended('transcript_versions:' || $1, 0))", [refKey]);
  const setChoice = (s: Sql, refKey: string, id: string) =>
    s.query('INSERT INTO transcript_version_choices (ref_key, version_id) VALUES ($1, $2) ON CONFLICT (ref_key) DO UPDATE SET version_id = excluded.version_id', [refKey, id]);
  return {
    add: (version) =>
      sql.unit(async (s) => {
        await lockRef(s, version.refKey);
        const [row] = await s.query<{ n: number | null }>('SELECT MAX(number) AS n FROM transcript_versions WHERE ref_key = $1', [version.refKey]);
        const number = (row?.n ?? 0) + 1;
        await s.query(`INSERT INTO transcript_versions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5)`, [version.id, version.refKey, number, version.createdAt, JSON.stringify(versionRecord(version))]);
        return { ...version, number };
      }, false),
    get: (id) => get(sql, id),
    async list(refKey) {
      return (await sql.query<VersionRow>(`SELECT ${COLUMNS} FROM transcript_versions WHERE ref_key = $1 ORDER BY number`, [refKey])).map(versionOfRow);
    },
    remove: (id) =>
      sql.unit(async (s) => {
        const version = await get(s, id);
        if (version === undefined) return false;
        await lockRef(s, version.refKey);
        const [choice] = await s.query<{ version_id: string }>('SELECT version_id FROM transcript_version_choices WHERE ref_key = $1', [version.refKey]);
        if (choice?.version_id === id) {
          const parent = version.parent === null ? undefined : await get(s, version.parent);
          if (parent !== undefined && parent.refKey === version.refKey) await setChoice(s, version.refKey, parent.id);
          else await s.query('DELETE FROM transcript_version_choices WHERE ref_key = $1', [version.refKey]);
        }
        const gone = await s.query<{ id: string }>('DELETE FROM transcript_versions WHERE id = $1 RETURNING id', [id]);
        return gone.length > 0;
      }, false),
    // The choice row goes with its version (ON DELETE CASCADE).
    async removeAll(refKey) {
      return (await sql.query<{ id: string }>('DELETE FROM transcript_versions WHERE ref_key = $1 RETURNING id', [refKey])).length;
    },
    async chosen(refKey) {
      const [row] = await sql.query<{ version_id: string }>('SELECT version_id FROM transcript_version_choices WHERE ref_key = $1', [refKey]);
      return row?.version_id ?? null;
    },
    choose: (refKey, id) =>
      sql.unit(async (s) => {
        await lockRef(s, refKey);
        if (id === null) {
          await s.query('DELETE FROM transcript_version_choices WHERE ref_key = $1', [refKey]);
          return true;
        }
        if ((await get(s, id))?.refKey !== refKey) return false;
        await setChoice(s, refKey, id);
        return true;
      }, false),
  };
}
