// The Follows view: every followed source with its state, and a way to follow another. Looking at
// it is what clears the header's badge (follows.seen), also when transcripts land while it shows.
import { useEffect } from 'react';
import { useNow } from '../../lib/useNow';
import { unseenTotal, useFollows } from '../../stores/follows';
import { FollowCard } from './FollowCard';
import { followActions } from './followActions';

export function FollowsView() {
  const follows = useFollows((s) => s.follows);
  const loaded = useFollows((s) => s.loaded);
  const unseen = useFollows(unseenTotal);
  // Times like "in 5 min" move on their own; the clock ticks only while there are follows to show.
  const now = useNow(follows.length > 0);
  useEffect(() => {
    if (unseen > 0) void followActions.seen();
  }, [unseen]);
  const add = () => useFollows.getState().openForm({ mode: 'add', url: '' });
  return (
    <div className="follows-view">
      <div className="follows-bar">
        <h2>Followed sources</h2>
        <button type="button" className="button primary" onClick={add}>
          Follow a source…
        </button>
      </div>
      {loaded && follows.length === 0 ? (
        <FollowsEmpty />
      ) : (
        <section className="follow-list" aria-label="Followed sources" data-testid="follow-list">
          {follows.map((follow) => (
            <FollowCard key={follow.id} follow={follow} now={now} />
          ))}
        </section>
      )}
    </div>
  );
}

function FollowsEmpty() {
  return (
    <div className="follows-empty" data-testid="follows-empty">
      <p>
        <strong>Nothing followed yet.</strong> Follow a YouTube channel or playlist, a podcast show or feed, or a Twitch channel’s clips, and the desk checks it on a schedule: each new item is queued and transcribed by itself.
      </p>
      <ul className="muted">
        <li>Choose how often it checks, and from which date items count; backfill the newest few at the first check.</li>
        <li>Keep the spending in hand with a monthly credit budget, and queue only at night if you like.</li>
        <li>A badge on Follows counts the transcripts that landed since you last looked.</li>
      </ul>
      <p className="muted">You can also follow a source from its picker: paste its link in the queue.</p>
    </div>
  );
}
