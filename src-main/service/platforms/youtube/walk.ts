// What a walk over every InnerTube client means when none of them served captions (issue 11, the
// honesty rule). In 2026 YouTube answers per client: the same video in the same minute got `ERROR`
// from TV, `UNPLAYABLE` from MWEB and clean answers from Android and iOS (obsidian-clipper#946). So
// one client's word is never final; yt-dlp likewise merges all clients and raises a client's error
// only when no client yields anything (`_video.py` 3028-3190).
import type { FetchFailure } from '../fetcher';
import { noTranscript, upstreamFailure } from '../failures';
import type { GoneReason } from './player';

/** The two clients YouTube served cleanly in 2026; a 404 rests on their word. */
export const WITNESSES = ['ANDROID', 'IOS'] as const;

interface Client {
  label: string;
  clientName: string;
}

/** How one client's attempt ended when it did not end the walk. */
export type ClientAnswer =
  /** The client was told the video is gone (deleted, private, age-gated, live…). */
  | { kind: 'gone'; client: Client; why: GoneReason; message: string }
  /** The video played for this client, but it offered nothing to read: no tracks, none in `lang`, an empty track. */
  | { kind: 'no-captions'; client: Client; offered: readonly string[]; emptyTrack?: string }
  /** Nothing about the video: a bot check, a captcha, the PO-token gate, an HTTP error, an answer we cannot read. */
  | { kind: 'refused'; client: Client; reason: string };

const isWitness = (client: Client) => (WITNESSES as readonly string[]).includes(client.clientName);

/**
 * The answer for a walk that ended without captions:
 * - "no captions" (404) when at least Android or iOS played the video, and every client that played
 *   it had nothing to read (the clients that refused or were told "gone" did not play it, so they
 *   cannot contradict: the video demonstrably exists);
 * - "gone" (404) when no client played the video and the clients that were told anything about it
 *   agree: every one of them was told the same thing (the same GoneReason: unavailable, private,
 *   age-restricted…), and Android and iOS are both among them. Clients that were refused (bot
 *   check, captcha, PO gate, HTTP errors) said nothing about the video and count neither way;
 * - 502 otherwise, naming every client and what it got.
 */
export function walkVerdict(answers: readonly ClientAnswer[], lang: string | undefined): FetchFailure {
  const played = answers.filter((a): a is Extract<ClientAnswer, { kind: 'no-captions' }> => a.kind === 'no-captions');
  if (played.length > 0) {
    if (played.some((a) => isWitness(a.client))) return noTranscript('longform', noCaptionsMessage(played, lang));
    return upstreamFailure(mixedMessage(answers));
  }
  const gone = answers.filter((a): a is Extract<ClientAnswer, { kind: 'gone' }> => a.kind === 'gone');
  const agree = gone.length > 0 && gone.every((a) => a.why === gone[0]?.why) && WITNESSES.every((name) => gone.some((a) => a.client.clientName === name));
  const first = gone[0];
  if (agree && first !== undefined) return noTranscript('longform', first.message);
  if (gone.length === 0) return upstreamFailure(refusedMessage(answers));
  return upstreamFailure(mixedMessage(answers));
}

function noCaptionsMessage(played: readonly Extract<ClientAnswer, { kind: 'no-captions' }>[], lang: string | undefined): string {
  const offered = [...new Set(played.flatMap((a) => a.offered))];
  if (lang !== undefined && offered.length > 0) return `This YouTube video has no captions in "${lang}" (it has: ${offered.join(', ')})`;
  const empty = played.find((a) => a.emptyTrack !== undefined)?.emptyTrack;
  if (empty !== undefined) return `The ${empty} caption track of this YouTube video is empty`;
  return 'This YouTube video has no captions';
}

function said(answer: ClientAnswer): string {
  switch (answer.kind) {
    case 'gone':
      return answer.message;
    case 'no-captions':
      return 'it played the video but offered no captions';
    case 'refused':
      return answer.reason;
  }
}

/** Every client refused: the reason once if they all got the same one. */
function refusedMessage(answers: readonly ClientAnswer[]): string {
  const reasons = [...new Set(answers.map(said))];
  const clients = answers.map((a) => a.client.label).join(', ');
  if (reasons.length === 1) return `${reasons[0] ?? ''}; tried the ${clients} clients`;
  return `YouTube refused every client: ${each(answers)}`;
}

function mixedMessage(answers: readonly ClientAnswer[]): string {
  return `YouTube's clients disagree about this video and none served captions: ${each(answers)}`;
}

const each = (answers: readonly ClientAnswer[]) => answers.map((a) => `${a.client.label}: ${said(a)}`).join('; ');
