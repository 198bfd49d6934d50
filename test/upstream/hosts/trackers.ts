// The analytics redirectors podcast enclosures go through (research/upstream-clips-podcast.md
// §3.5): each one drops its own prefix from the path and redirects to what follows, as the real
// ones do: `dts.podtrac.com/redirect.mp3/chrt.fm/track/X/host/file.mp3` → `https://chrt.fm/track/X/host/file.mp3`.
import { notFound, redirect } from '../answers';
import type { HostModule } from './index';

/** How many path segments each redirector owns before the next URL starts. */
const PREFIX_SEGMENTS: Readonly<Record<string, number>> = {
  'dts.podtrac.com': 1, // /redirect.mp3/
  'www.podtrac.com': 2, // /pts/redirect.mp3/
  'play.podtrac.com': 1, // /<show>/
  'chrt.fm': 2, // /track/<id>/
  'chtbl.com': 2, // /track/<id>/
  'tracking.swap.fm': 2, // /track/<id>/
  'pdst.fm': 1, // /e/
  'prfx.byspotify.com': 1, // /e/
  'arttrk.com': 2, // /p/<id>/
  'claritaspod.com': 1, // /measure/
  'pscrb.fm': 2, // /rss/p/
  'mgln.ai': 2, // /e/<n>/
  'pdrl.fm': 1, // /<id>/
  'pfx.vpixl.com': 1, // /<id>/
  'prefix.up.audio': 1, // /s/
};

export const trackers: HostModule = {
  hosts: Object.keys(PREFIX_SEGMENTS),
  handle(req) {
    const segments = req.url.pathname.split('/').slice(1);
    const rest = segments.slice(PREFIX_SEGMENTS[req.host] ?? 0);
    if (rest.length < 2 || !rest[0]?.includes('.')) return notFound(`tracking prefix without a target: ${req.url.pathname}`);
    return redirect(`https://${rest.join('/')}${req.url.search}`, 302);
  },
};
