// What the desk is built from: the opened service (src-main/service/open.ts) and the few things
// only the host knows (data home, default export folder, how the REST API is hosted).
import type { Ledger } from '../service/ledger/index';
import type { OwnerBootstrap } from '../service/home';
import type { TranscriptService } from '../service/service';
import type { UpstreamClient } from '../service/upstream/client';
import type { Clock } from './clock';
import type { RestApiControl } from './restApi';

/** Cancels a running podcast job of an account (`opened.podcast`); false when the job is not this account's or has already ended. */
export interface PodcastJobControl {
  cancel(accountId: number, jobId: string): boolean;
}

/** The parts of `OpenedService` the desk uses; `openService(home)`'s result fits as it is. */
export interface DeskDeps {
  service: TranscriptService;
  ledger: Ledger;
  upstream: UpstreamClient;
  owner: OwnerBootstrap;
  podcast: PodcastJobControl;
}

export interface DeskOptions {
  /** The data home (models are downloaded into `<home>/models`). */
  home: string;
  /** Where exports go when neither the request nor the setting names a folder. */
  defaultExportFolder: string;
  /** How this host runs the REST API (the desktop app switches it; `serve --ui` is it). */
  restApi?: RestApiControl;
  clock?: Clock;
  /** How often job records are read for progress. */
  jobPollMs?: number;
  /** How often queue changes are sent as one event. */
  eventFlushMs?: number;
}
