// `--database`: which URLs the team commands accept, and what they print of one.
import { describe, expect, it } from 'vitest';
import { databaseUrl, redactDatabaseUrl } from '../../src-main/cli/database';

describe('--database', () => {
  it('accepts postgres:// and postgresql:// URLs as they are', () => {
    expect(databaseUrl('postgres://td:pw@db:5432/transcripts')).toBe('postgres://td:pw@db:5432/transcripts');
    expect(databaseUrl('postgresql://td@db/transcripts?sslmode=require')).toBe('postgresql://td@db/transcripts?sslmode=require');
    expect(databaseUrl('postgres:///transcripts?host=/var/run/postgresql')).toBe('postgres:///transcripts?host=/var/run/postgresql');
  });

  it('refuses anything else without repeating the value', () => {
    expect(() => databaseUrl('mysql://td:hunter2@db/transcripts')).toThrow('--database: expected a postgres:// or postgresql:// URL, not mysql://');
    expect(() => databaseUrl('https://td:hunter2@db/transcripts')).toThrow(/not https:\/\//);
    expect(() => databaseUrl('hunter2')).toThrow(/^--database: expected a PostgreSQL URL such as/);
    for (const value of ['mysql://td:hunter2@db/transcripts', 'hunter2']) {
      try {
        databaseUrl(value);
      } catch (error) {
        expect(String(error)).not.toContain('hunter2');
      }
    }
  });

  it('prints a URL without its password, wherever the password is', () => {
    expect(redactDatabaseUrl('postgres://td:hunter2@db:5432/transcripts')).toBe('postgres://td:***@db:5432/transcripts');
    expect(redactDatabaseUrl('postgres://td:p%40ss%2Fword@db/transcripts')).toBe('postgres://td:***@db/transcripts');
    expect(redactDatabaseUrl('postgresql://td@db/transcripts?password=hunter2&sslmode=require')).toBe('postgresql://td@db/transcripts?password=***&sslmode=require');
    expect(redactDatabaseUrl('postgres://db/transcripts')).toBe('postgres://db/transcripts');
    expect(redactDatabaseUrl('not a url hunter2')).toBe('(not a URL)');
  });
});
