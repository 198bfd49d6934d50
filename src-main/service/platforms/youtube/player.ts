// Reading one InnerTube client's player answer (research/upstream-video.md §1.5). Three outcomes:
// the video is playable; this client was told the video is gone (deleted, private, age-gated, live),
// which is final only when the other clients agree (walk.ts), because in 2026 single clients get
// `ERROR` for videos the others serve; or YouTube refused this client (bot check, captcha, a session
// limit, a mix-up, "not available on this app"): another client may do better.
import { asArray, asObject, asString, at } from '../json';

/** What a client was told about the video; clients agree when they were told the same one. */
export type GoneReason = 'unavailable' | 'private' | 'age-restricted' | 'live' | 'upcoming' | 'offline' | 'unplayable';

export type PlayerVerdict = { kind: 'playable'; title: string | null } | { kind: 'gone'; why: GoneReason; message: string } | { kind: 'refused'; reason: string };

/** `{simpleText}` or `{runs: [{text}…]}` as one string. */
function textOf(value: unknown): string {
  const simple = asString(at(value, 'simpleText'));
  if (simple !== undefined) return simple;
  return asArray(at(value, 'runs'))
    .map((run) => asString(at(run, 'text')) ?? '')
    .join('');
}

const AGE_GATE = ['confirm your age', 'age-restricted', 'inappropriate', 'age_verification_required', 'age_check_required'];
/** Refusals that are about the video and hold for every client and every sign-in we could offer. */
const UNPLAYABLE_FOR_ALL = ['in your country', 'members', 'join this channel', 'premium'];
/** Refusals that name the app, not the video (pytube#1593), whatever status they come with. */
const ABOUT_THIS_APP = ['on this app', 'page needs to be reloaded'];

export function readPlayer(player: unknown, videoId: string): PlayerVerdict {
  const playability = asObject(at(player, 'playabilityStatus'));
  if (playability === undefined) return { kind: 'refused', reason: "YouTube's player answer has no playability status" };
  const status = asString(playability.status) ?? '';
  const errorScreen = asObject(playability.errorScreen);
  const reason = (asString(playability.reason) ?? textOf(at(errorScreen, 'playerErrorMessageRenderer', 'reason'))).trim();
  const subreason = textOf(at(errorScreen, 'playerErrorMessageRenderer', 'subreason')).trim();
  const said = `${reason} ${subreason}`.toLowerCase();
  const quoted = reason === '' ? status : `"${reason}"`;

  if (errorScreen?.playerCaptchaViewModel !== undefined) return { kind: 'refused', reason: 'YouTube showed a captcha' };
  if (said.includes('not a bot')) return { kind: 'refused', reason: 'YouTube asked for a sign-in (bot check)' };
  if (said.includes('try again later')) return { kind: 'refused', reason: `YouTube is limiting this session (${quoted})` };
  if (ABOUT_THIS_APP.some((marker) => said.includes(marker))) return { kind: 'refused', reason: `YouTube refused this app (${quoted})` };

  if (status === 'OK') {
    const details = asObject(at(player, 'videoDetails'));
    const answered = asString(details?.videoId);
    if (answered !== videoId) return { kind: 'refused', reason: answered === undefined ? "YouTube's player answer has no video details" : `YouTube answered with another video (${answered})` };
    if (details?.isLive === true) return { kind: 'gone', why: 'live', message: 'This YouTube video is live right now; captions can be fetched after the stream ends' };
    if (details?.isUpcoming === true) return { kind: 'gone', why: 'upcoming', message: 'This YouTube video has not premiered yet' };
    return { kind: 'playable', title: asString(details?.title) ?? null };
  }
  if (status === 'LIVE_STREAM_OFFLINE') return { kind: 'gone', why: 'offline', message: `This YouTube live stream has not started or has no replay yet (${quoted})` };
  if (status.startsWith('AGE_') || playability.desktopLegacyAgeGateReason !== undefined || AGE_GATE.some((marker) => said.includes(marker))) {
    return { kind: 'gone', why: 'age-restricted', message: `This YouTube video is age-restricted (${quoted}); age-restricted videos need a sign-in and are not supported` };
  }
  if (said.includes('private') || at(player, 'videoDetails', 'isPrivate') === true) return { kind: 'gone', why: 'private', message: 'This YouTube video is private' };
  if (status === 'ERROR') return { kind: 'gone', why: 'unavailable', message: `YouTube says the video is unavailable (${quoted})` };
  if (status === 'UNPLAYABLE' && UNPLAYABLE_FOR_ALL.some((marker) => said.includes(marker))) return { kind: 'gone', why: 'unplayable', message: `YouTube says the video cannot be played (${quoted})` };
  if (status === 'LOGIN_REQUIRED') return { kind: 'refused', reason: `YouTube asked for a sign-in (${quoted})` };
  return { kind: 'refused', reason: `YouTube answered playability ${status || 'status unknown'} (${quoted})` };
}
