// When a podcast episode's own work began (the runner claimed it), so the desk counts a waiting
// job's elapsed time and estimate from there, not from its submit.
export const sql = /* sql */ `
ALTER TABLE podcast_episodes ADD COLUMN started_at INTEGER;
`;
