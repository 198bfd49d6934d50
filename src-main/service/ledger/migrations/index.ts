import { sql as initial } from './001_initial';

export interface Migration {
  /** Strictly increasing; stored in `PRAGMA user_version` once applied. */
  version: number;
  name: string;
  sql: string;
}

// Append only. An applied migration is never edited: its hash is checked at every start.
export const MIGRATIONS: readonly Migration[] = [{ version: 1, name: 'initial', sql: initial }];
