// What the desk is built from: the opened service (src-main/service/open.ts) and the few things
// only the host knows (data home, default export folder, how the REST API is hosted).
import type { Cookie } from 'tough-cookie';
import type { HostInfo } from '#shared/contract/host';
import type { RestApiState } from '#shared/contract/settings';
import type { PlatformToken } from '#shared/platforms';
import type { SecretStore } from '#service/secrets';
import type { Settings } from '#service/settings';
import type { OwnerBootstrap } from '#service/home';
import type { TranscriptService } from '#service/service';
import type { Store } from '#service/store/port';
import type { SpeechToText } from '#service/stt/index';
import type { UpstreamClient } from '#service/upstream/client';
import type { UpstreamProfile } from '#service/upstream/profile';
import type { Clock } from './clock';

/**
 * How the host runs the local REST API, as the Settings panel switches it. The desk never hosts a
 * server itself: the implementations live with the transport (src-main/http/restApiHost.ts).
 */
export interface RestApiControl {
  state(): RestApiState;
  /** Starts, stops or moves the API to match the settings; resolves with the new state. */
  apply(enabled: boolean, port: number): Promise<RestApiState>;
  close(): Promise<void>;
}

/** Cancels a running podcast job of an account (`opened.podcast`); false when the job is not this account's or has already ended. */
export interface PodcastJobControl {
  cancel(accountId: number, jobId: string): Promise<boolean>;
  /** Calls `listener` after this process changed job records (`opened.podcast.watch`); returns the unsubscribe. */
  watch?(listener: () => void): () => void;
}

/** The parts of `OpenedService` the desk uses; `openService(home)`'s result fits as it is. */
export interface DeskDeps {
  service: TranscriptService;
  store: Store;
  upstream: UpstreamClient;
  owner: OwnerBootstrap;
  podcast: PodcastJobControl;
  /** This machine's speech-to-text: local media files are always transcribed here, whatever service the links go to. */
  stt: SpeechToText;
  /** The rotating upstream values of this home, which the Settings panel edits. */
  profile: UpstreamProfile;
  /** The host's settings (the desktop app reads secret ones from its keychain); the store's when absent. */
  settings?: Settings;
}

/**
 * What only the desktop app can do for the desk: system dialogs, sign-in windows, a keychain. The
 * browser build passes none of it, and the operations that need it answer `unavailable`.
 */
export interface DeskHost {
  info(): HostInfo;
  /** The system open dialog for URL-list files; null when cancelled. */
  chooseUrlFiles?(): Promise<string[] | null>;
  /** The system folder dialog; null when cancelled. */
  chooseFolder?(options: { title: string; defaultPath: string }): Promise<string | null>;
  /** Shows a folder in the system's file manager (Electron shell.openPath); '' or why it could not. */
  openFolder?(path: string): Promise<string>;
  /** Opens the platform's login page in a window on the platform's own network session. */
  signIn?(platform: PlatformToken): Promise<boolean>;
  canSignIn?(platform: PlatformToken): boolean;
  /** Where platform cookies are kept. */
  secrets?: SecretStore;
  /** Imported cookies (or null after a clear) for the host's own network session. */
  cookiesChanged?(platform: PlatformToken, cookies: readonly Cookie[] | null): Promise<void>;
}

/**
 * How this install runs its own CLI (`command args… <subcommand>`), as the host knows it: `serve`
 * is it (this Node, this bundle), the desktop app from a checkout is Electron run as Node.
 */
export interface CliLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Shown with the command: why it may not be this install's own (a packaged app cannot run its CLI). */
  note?: string;
}

export interface DeskOptions {
  /** The data home (models are downloaded into `<home>/models`). */
  home: string;
  /** Where exports go when neither the request nor the setting names a folder. */
  defaultExportFolder: string;
  /** How this host runs the REST API (the desktop app switches it; `serve --ui` is it). */
  restApi?: RestApiControl;
  /** Dialogs, sign-in, keychain: the desktop app's. */
  host?: DeskHost;
  clock?: Clock;
  /**
   * How often job records are read anyway. This process's own job changes are pushed to the desk
   * (`PodcastJobControl.watch`); the poll is for changes another process makes to the same ledger
   * (a CLI submit, a `serve` running episodes). 5 s by default with pushes, 1 s without.
   */
  jobPollMs?: number;
  /** How often queue changes are sent as one event. */
  eventFlushMs?: number;
  /**
   * Whether this desk runs the data home's work of its own accord (default true: the desktop app,
   * `serve`): follows checked on their schedule, local media files left queued or running picked
   * up again, queue rows a stopped run left `running` put back to queued. False for a desk that
   * lives only while one client needs it (`transcript-desk mcp`, started by an agent's client for a
   * session, often while the app runs on the same data home): the app or `serve` already does that
   * work, and a second process would check each follow twice, transcribe the app's local files a
   * second time, and take the rows the app is running for abandoned. Its queue starts only the rows
   * its own client queued or retried: rows the person queued and has not run are theirs to start
   * (and pay for). What the client asks for (`queue.run`, `follows.check`, …) still runs.
   */
  backgroundWork?: boolean;
  /** This install's CLI, for Settings ▸ Agents (MCP); absent: the `transcript-desk` an npm install puts on PATH. */
  cli?: CliLaunch;
}
