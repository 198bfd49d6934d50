// The upstream profile as the Settings panel edits it: the same file and the same checks as
// `transcript-desk upstream`, so a value refused in one is refused in the other with the same words.
import { DeskError } from '#shared/contract/result';
import type { UpstreamProfileView } from '#shared/contract/upstream';
import { ProfileError, type UpstreamProfile } from '#service/upstream/profile';

export function upstreamProfileView(profile: UpstreamProfile): UpstreamProfileView {
  return { entries: profile.entries(), file: profile.location ?? '(in memory: this build keeps no profile file)' };
}

/** Runs a change; a wrong key or shape is the user's to fix (`invalid_input`, nothing stored). */
export function changeUpstreamProfile(profile: UpstreamProfile, change: (profile: UpstreamProfile) => unknown): UpstreamProfileView {
  try {
    change(profile);
  } catch (error) {
    if (error instanceof ProfileError) throw new DeskError('invalid_input', error.message);
    throw error;
  }
  return upstreamProfileView(profile);
}
