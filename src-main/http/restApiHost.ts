// The local REST API as a switch: the desktop app answers the spec's API on a port when the user
// turns it on (settings `desk.api.enabled`, `desk.api.port`). `serve --ui` is itself the API, so
// there it is reported, not switched. Hosting a server is the transport's business: the desk sees
// only the RestApiControl it is given (desk/deps.ts), built by app/desktop.ts or cli/serve.ts.
import type { RestApiState } from '#shared/contract/settings';
import type { RestApiControl } from '../desk/index';
import type { TranscriptService } from '#service/service';
import { startApiServer, type ApiOptions, type RunningServer } from './server';

/** The API served by the process the desk lives in (serve --ui): always on, not switchable here. */
export function fixedRestApi(url: () => string | null): RestApiControl {
  const state = (): RestApiState => ({ controllable: false, running: true, url: url(), problem: null });
  return { state, apply: () => Promise.resolve(state()), close: () => Promise.resolve() };
}

/** Runs the REST API on loopback when enabled; a port that is taken is reported, not thrown. */
export class RestApiHost implements RestApiControl {
  private server: RunningServer | undefined;
  private problem: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly service: TranscriptService,
    /** The desktop app's log file takes the API's access lines and errors (app/logFile.ts). */
    private readonly options: { host?: string; logger?: ApiOptions['logger'] } = {},
  ) {}

  state(): RestApiState {
    return { controllable: true, running: this.server !== undefined, url: this.server?.url ?? null, problem: this.problem };
  }

  apply(enabled: boolean, port: number): Promise<RestApiState> {
    // One change at a time: a quick off-on-off must end off.
    const next = this.queue.then(() => this.applyNow(enabled, port));
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.apply(false, 0);
  }

  private async applyNow(enabled: boolean, port: number): Promise<RestApiState> {
    if (this.server !== undefined && (!enabled || this.server.port !== port)) {
      await this.server.close();
      this.server = undefined;
    }
    this.problem = null;
    if (enabled && this.server === undefined) {
      try {
        this.server = await startApiServer(this.service, this.options.host ?? '127.0.0.1', port, this.options.logger === undefined ? {} : { logger: this.options.logger });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        this.problem = code === 'EADDRINUSE' ? `Port ${port} is in use by another program; choose another port` : `The REST API could not start: ${(error as Error).message}`;
      }
    }
    return this.state();
  }
}
