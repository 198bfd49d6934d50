// Local media jobs on PostgreSQL (ledger/mediaJobs.ts is the SQLite twin).
import type { MediaJob } from '#shared/contract/media';
import { interruptedMediaJob, mergeMediaJob, type MediaJobStore } from '../store/media';
import type { Sql } from './sql';

const parse = (row: { record: string }) => JSON.parse(row.record) as MediaJob;

export function pgMediaJobs(sql: Sql): MediaJobStore {
  return {
    async add(job) {
      await sql.query('INSERT INTO media_jobs (id, status, created_at, record) VALUES ($1, $2, $3, $4)', [job.id, job.status, job.createdAt, JSON.stringify(job)]);
    },
    async get(id) {
      const [row] = await sql.query<{ record: string }>('SELECT record FROM media_jobs WHERE id = $1', [id]);
      return row === undefined ? undefined : parse(row);
    },
    async list() {
      return (await sql.query<{ record: string }>('SELECT record FROM media_jobs ORDER BY created_at, id')).map(parse);
    },
    // Read and write under the row's lock, so two merges never lose one another's fields.
    update: (id, change) =>
      sql.unit(async (s) => {
        const [row] = await s.query<{ record: string }>('SELECT record FROM media_jobs WHERE id = $1 FOR UPDATE', [id]);
        if (row === undefined) return undefined;
        const next = mergeMediaJob(parse(row), change);
        await s.query('UPDATE media_jobs SET status = $1, record = $2 WHERE id = $3', [next.status, JSON.stringify(next), id]);
        return next;
      }, false),
    async remove(id) {
      return (await sql.query<{ id: string }>('DELETE FROM media_jobs WHERE id = $1 RETURNING id', [id])).length > 0;
    },
    requeueRunning: () =>
      sql.unit(async (s) => {
        const rows = await s.query<{ record: string }>("SELECT record FROM media_jobs WHERE status = 'running' ORDER BY created_at, id FOR UPDATE");
        const jobs = rows.map((row) => interruptedMediaJob(parse(row)));
        for (const job of jobs) await s.query('UPDATE media_jobs SET status = $1, record = $2 WHERE id = $3', [job.status, JSON.stringify(job), job.id]);
        return jobs;
      }, false),
  };
}
