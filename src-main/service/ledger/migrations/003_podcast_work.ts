// Podcast jobs: what the runner needs to do and resume an episode's work, and a job's own outcome.
export const sql = /* sql */ `
-- The Apple Podcasts link the episode was first submitted with (for the desk's library).
ALTER TABLE podcast_episodes ADD COLUMN episode_url TEXT;
-- A transcript the publisher ships in the feed (<podcast:transcript>): used instead of speech-to-text.
ALTER TABLE podcast_episodes ADD COLUMN transcript_url TEXT;
ALTER TABLE podcast_episodes ADD COLUMN transcript_type TEXT;
-- Timed lines of the finished transcript (JSON Segment[]), for SRT/VTT export.
ALTER TABLE podcast_episodes ADD COLUMN segments TEXT;
-- How many chunks a resumed run found already transcribed.
ALTER TABLE podcast_episodes ADD COLUMN chunks_reused INTEGER NOT NULL DEFAULT 0;
-- The process working on the episode: two processes on one data home (the app and a 'serve') never
-- run the same episode twice; a dead process's episodes are picked up by the next one that starts.
ALTER TABLE podcast_episodes ADD COLUMN runner_pid INTEGER;
-- A job can fail on its own (cancelled) while the episode goes on for other accounts.
ALTER TABLE podcast_jobs ADD COLUMN error_message TEXT;
CREATE INDEX podcast_episodes_status ON podcast_episodes (status, created_at);
`;
