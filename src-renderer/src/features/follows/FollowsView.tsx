// The Follows view: every followed source with its state, and a way to follow another. Looking at
// it is what clears the header's badge (follows.seen), also when transcripts land while it shows.
import { useEffect, useRef, useState } from 'react';
import type { Follow } from '#shared/contract/sources';
import { useNow } from '../../lib/useNow';
import { useFollows } from '../../stores/follows';
import { FollowCard } from './FollowCard';
import { followActions } from './followActions';

export function FollowsView() {
  const follows = useFollows((s) => s.follows);
  const loaded = useFollows((s) => s.loaded);
  // Times like "in 5 min" move on their own; the clock ticks only while there are follows to show.
  const now = useNow(follows.length > 0);
  const landed = useLandedWhileAway(follows);
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
            <FollowCard key={follow.id} follow={follow} now={now} landed={landed.get(follow.id) ?? 0} />
          ))}
        </section>
      )}
    </div>
  );
}

/**
 * Looking at the view clears the badge (follows.seen), also for transcripts that land while it
 * shows; each card keeps saying how many were new for as long as the view stays open.
 */
function useLandedWhileAway(follows: readonly Follow[]): ReadonlyMap<string, number> {
  const [landed, setLanded] = useState<ReadonlyMap<string, number>>(new Map());
  // What was counted of each follow's `unseen` already: it stays until seen() brings it to 0.
  const counted = useRef(new Map<string, number>());
  useEffect(() => {
    const added = new Map<string, number>();
    for (const follow of follows) {
      const before = counted.current.get(follow.id) ?? 0;
      if (follow.unseen > before) added.set(follow.id, follow.unseen - before);
      counted.current.set(follow.id, follow.unseen);
    }
    if (added.size === 0) return;
    setLanded((current) => {
      const next = new Map(current);
      for (const [id, n] of added) next.set(id, (next.get(id) ?? 0) + n);
      return next;
    });
    void followActions.seen();
  }, [follows]);
  return landed;
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
