// A store called directly from inside its own transaction would wait for that transaction to end,
// which waits for the call: every store refuses it with this instead of hanging.
export class StoreTransactionMisuseError extends Error {
  constructor() {
    super('The store was called directly inside its own transaction; use the transaction\'s `tx` (a direct call would wait for the transaction to end: a deadlock).');
    this.name = 'StoreTransactionMisuseError';
  }
}
