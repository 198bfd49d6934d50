// Refusals at open time that every store makes the same way, whatever database holds the schema:
// callers (the CLI, the server's start) catch one class, not one per store.

export class DatabaseFromFutureError extends Error {
  constructor(readonly found: number, readonly supported: number) {
    super(`This database was written by a newer Transcript Desk (schema ${found}; this build knows up to ${supported}). Update the app; the database was not touched.`);
    this.name = 'DatabaseFromFutureError';
  }
}

export class EditedMigrationError extends Error {
  constructor(readonly version: number) {
    super(`Migration ${version} was changed after it was applied. Applied migrations must never be edited; add a new one.`);
    this.name = 'EditedMigrationError';
  }
}
