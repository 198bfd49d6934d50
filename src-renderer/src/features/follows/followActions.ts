// A follow's actions as the cards run them: each answer replaces the follow in the store at once
// (its event follows), and a refusal is said in a notice in the service's words.
import type { Follow } from '#shared/contract/sources';
import { deskErrorOf } from '#shared/contract/result';
import { desk } from '../../lib/desk';
import { useApp } from '../../stores/app';
import { useFollows } from '../../stores/follows';

const keep = (follow: Follow) => useFollows.getState().applyChanged([follow], []);
const act = (promise: Promise<unknown>) => promise.catch((error: unknown) => useApp.getState().notify('error', deskErrorOf(error).message));

export const followActions = {
  pause: (id: string) => act(desk().invoke('follows.pause', { id }).then(({ follow }) => keep(follow))),
  resume: (id: string) => act(desk().invoke('follows.resume', { id }).then(({ follow }) => keep(follow))),
  check: (id: string) => act(desk().invoke('follows.check', { id }).then(({ follow }) => keep(follow))),
  remove: (follow: Follow) =>
    act(
      desk()
        .invoke('follows.remove', { id: follow.id })
        .then(({ removed }) => {
          useFollows.getState().applyChanged([], [follow.id]);
          if (removed) useApp.getState().notify('info', `No longer following “${follow.source.title}”; its transcripts stay in the library`);
        }),
    ),
  /** The person looked at the Follows view: the badge goes back to 0. */
  seen: () =>
    act(
      desk()
        .invoke('follows.seen', {})
        .then(() => {
          // The badge clears at once, whether or not the desk sends the follows again.
          const { follows, applyChanged } = useFollows.getState();
          applyChanged(follows.filter((f) => f.unseen > 0).map((f) => ({ ...f, unseen: 0 })), []);
        }),
    ),
};
