// One run of a task at a time, and at most one waiting behind it. The queue's passes and the job
// watcher's polls read the store and then act on what they read, so two must never interleave;
// and a request made while one runs only needs one more run after it, not one each (a poll every
// second behind a slow one would otherwise pile up).
export class CoalescedRuns {
  private last: Promise<void> = Promise.resolve();
  private waiting = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Resolves when a run that started after this call has ended (never rejects: errors go to `onError`). */
  request(): Promise<void> {
    if (this.waiting) return this.last;
    this.waiting = true;
    this.last = this.last
      .then(() => {
        this.waiting = false;
        return this.task();
      })
      .catch(this.onError);
    return this.last;
  }
}
