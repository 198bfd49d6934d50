// Settings ▸ Team server: which service the desk's queue, balance and job cards talk to. Without
// a team server it is this machine's core with the owner's key, as always; with one (its URL and
// key set) it is that server's REST API through RemoteCore, with the team key. The choice is read
// at every use, so saving the settings switches the next item, the next balance read and the next
// job poll, with no restart. Transcripts received from a team server are kept in this machine's
// cache and library too (runItem.ts, podcast/remoteJobs.ts), so the viewer, search and exports
// work the same; nothing is charged here for them (the team server charged its key).
import type { Balance } from '#shared/contract/account';
import { DeskError } from '#shared/contract/result';
import { teamServerUrlProblem } from '#shared/endpointUrl';
import { isRefusal, type CoreClient } from '#service/core/index';
import { RemoteCore } from '#service/remote/remoteCore';
import type { Settings } from '#service/settings';
import type { DeskDeps } from './deps';

export interface DeskClient {
  core: CoreClient;
  key: string;
  /** The team server's base URL; null for this machine's service. */
  server: string | null;
}

export class DeskClients {
  /** One RemoteCore per URL and key: it remembers the key's plan and the server's rate window. */
  private remote: { url: string; key: string; core: RemoteCore } | undefined;

  constructor(
    private readonly deps: DeskDeps,
    private readonly settings: Settings,
  ) {}

  async current(): Promise<DeskClient> {
    const [url, key] = await Promise.all([this.settings.get('team.server.url'), this.settings.get('team.server.key')]);
    if (url === null || key === null) return { core: this.deps.service.core, key: this.deps.owner.key, server: null };
    if (this.remote?.url !== url || this.remote.key !== key) this.remote = { url, key, core: new RemoteCore({ server: url }) };
    return { core: this.remote.core, key, server: this.remote.core.server };
  }
}

/** The balance record with the client's key: rate limited like GET /api/balance; a refusal is a DeskError saying where. */
export async function balanceWith(client: DeskClient): Promise<Balance> {
  const where = client.server === null ? '' : ` (team server ${client.server})`;
  const admitted = await client.core.admitKey(client.key, 'desk');
  if (!admitted.ok) throw new DeskError('refused', `${admitted.error}${admitted.message === undefined ? '' : `: ${admitted.message}`}${where}`);
  const balance = await client.core.balance(admitted.caller);
  if (isRefusal(balance)) throw new DeskError('refused', `${balance.error}${balance.message === undefined ? '' : `: ${balance.message}`}${where}`);
  return balance;
}

/**
 * "Test connection": the balance and plan a URL and key get from a team server, or why not, in
 * words. The values tried are the form's (not yet saved) where given, else the saved ones.
 */
export async function testTeamServer(settings: Settings, input: { url?: string | undefined; key?: string | undefined }): Promise<{ ok: boolean; server: string; credits: number | null; plan: string | null; message: string }> {
  const url = input.url?.trim() || (await settings.get('team.server.url'));
  const key = input.key?.trim() || (await settings.get('team.server.key'));
  if (url === null || url === '') return { ok: false, server: '', credits: null, plan: null, message: 'No team server URL is set' };
  const problem = teamServerUrlProblem(url);
  if (problem !== undefined) return { ok: false, server: url, credits: null, plan: null, message: `The URL ${problem}` };
  if (key === null || key === '') return { ok: false, server: url, credits: null, plan: null, message: 'No API key is set for the team server' };
  const core = new RemoteCore({ server: url, timeoutMs: 15_000 });
  try {
    const balance = await balanceWith({ core, key, server: core.server });
    return { ok: true, server: core.server, credits: balance.credits, plan: balance.plan, message: `Connected: ${balance.credits} credits on the ${balance.plan} plan` };
  } catch (error) {
    return { ok: false, server: core.server, credits: null, plan: null, message: error instanceof Error ? error.message : String(error) };
  }
}
