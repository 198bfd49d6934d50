// The table of fixture hosts. Each module answers for the real host names of one platform family
// (site, short-link host, CDNs). A new platform is one new module and one line here.
import type { Answer, FixtureRequest } from '../answers';
import { facebook } from './facebook';
import { followFeeds } from './followFeeds';
import { hostile } from './hostile';
import { instagram } from './instagram';
import { kick } from './kick';
import { linkedin } from './linkedin';
import { podcasts } from './podcasts';
import { rumble } from './rumble';
import { tiktok } from './tiktok';
import { trackers } from './trackers';
import { twitch } from './twitch';
import { x } from './x';
import { youtube } from './youtube';

export interface HostModule {
  /** The real host names this module answers for, exactly as the fetchers write them. */
  hosts: readonly string[];
  handle(req: FixtureRequest): Answer | Promise<Answer>;
}

const MODULES: readonly HostModule[] = [youtube, tiktok, facebook, linkedin, rumble, instagram, x, kick, twitch, podcasts, trackers, hostile, followFeeds];

const BY_HOST: ReadonlyMap<string, HostModule> = new Map(MODULES.flatMap((module) => module.hosts.map((host) => [host, module] as const)));

export function hostModuleFor(host: string): HostModule | undefined {
  return BY_HOST.get(host.toLowerCase());
}
