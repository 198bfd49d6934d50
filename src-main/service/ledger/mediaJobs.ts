// Local media jobs on SQLite (store/media.ts is the port; postgres/mediaJobs.ts the twin).
import type Database from 'better-sqlite3';
import type { MediaJob } from '#shared/contract/media';
import { interruptedMediaJob, mergeMediaJob, type MediaJobChange } from '../store/media';

const parse = (row: { record: string }) => JSON.parse(row.record) as MediaJob;

export class MediaJobs {
  private readonly insert;
  private readonly one;
  private readonly all;
  private readonly write;
  private readonly drop;
  private readonly running;

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare<[string, string, number, string]>('INSERT INTO media_jobs (id, status, created_at, record) VALUES (?, ?, ?, ?)');
    this.one = db.prepare<[string], { record: string }>('SELECT record FROM media_jobs WHERE id = ?');
    this.all = db.prepare<[], { record: string }>('SELECT record FROM media_jobs ORDER BY created_at, rowid');
    this.write = db.prepare<[string, string, string]>('UPDATE media_jobs SET status = ?, record = ? WHERE id = ?');
    this.drop = db.prepare<[string]>('DELETE FROM media_jobs WHERE id = ?');
    this.running = db.prepare<[], { record: string }>("SELECT record FROM media_jobs WHERE status = 'running' ORDER BY created_at, rowid");
  }

  add(job: MediaJob): void {
    this.insert.run(job.id, job.status, job.createdAt, JSON.stringify(job));
  }

  get(id: string): MediaJob | undefined {
    const row = this.one.get(id);
    return row === undefined ? undefined : parse(row);
  }

  list(): MediaJob[] {
    return this.all.all().map(parse);
  }

  update(id: string, change: MediaJobChange): MediaJob | undefined {
    return this.db.transaction(() => {
      const current = this.get(id);
      if (current === undefined) return undefined;
      const next = mergeMediaJob(current, change);
      this.write.run(next.status, JSON.stringify(next), id);
      return next;
    }).immediate();
  }

  remove(id: string): boolean {
    return this.drop.run(id).changes > 0;
  }

  requeueRunning(): MediaJob[] {
    return this.db.transaction(() => {
      const jobs = this.running.all().map((row) => interruptedMediaJob(parse(row)));
      for (const job of jobs) this.write.run(job.status, JSON.stringify(job), job.id);
      return jobs;
    }).immediate();
  }
}
