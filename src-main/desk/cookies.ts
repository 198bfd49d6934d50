// Platform cookies: a Netscape cookies.txt per platform, imported by the user for login-walled
// posts. Only the platform's own cookies are kept; they go to the host's SecretStore (the desktop
// app's keychain) and into the upstream client's jar, and the host may mirror them into its own
// network session. Without a SecretStore (the browser build) importing is refused, not kept in clear.
import { Cookie } from 'tough-cookie';
import type { PlatformCookies } from '#shared/contract/host';
import { DeskError } from '#shared/contract/result';
import { PLATFORM_TOKENS, PLATFORMS, type PlatformToken } from '#shared/platforms';
import { SecretStoreError, type SecretStore } from '#service/secrets';
import { parseNetscapeCookies, type CookieJars } from '#service/upstream/cookies';
import { isOnSites, PLATFORM_SITES } from '#service/upstream/platformSites';

export const cookiesSecretName = (platform: PlatformToken) => `cookies.${platform}`;

interface StoredCookies {
  importedAt: number;
  cookies: unknown[];
}

export interface CookieHooks {
  /** Called after an import (the cookies) or a clear (null): the desktop app updates the platform's Chromium session. */
  changed?(platform: PlatformToken, cookies: readonly Cookie[] | null): Promise<void>;
  /** Whether the host can open the platform's login page. */
  canSignIn?(platform: PlatformToken): boolean;
}

function parseStored(json: string | null): { importedAt: number; cookies: Cookie[] } | undefined {
  if (json === null) return undefined;
  try {
    const stored = JSON.parse(json) as StoredCookies;
    const cookies = stored.cookies.map((c) => Cookie.fromJSON(c)).filter((c): c is Cookie => c !== undefined);
    return { importedAt: stored.importedAt, cookies };
  } catch {
    // A value written by another build, or damaged: treated as nothing imported.
    return undefined;
  }
}

const live = (cookie: Cookie) => cookie.TTL() > 0;

/** A keychain that refuses is something the user can act on (unlock it, install one), not a bug. */
function refused(error: unknown): never {
  if (error instanceof SecretStoreError) throw new DeskError('unavailable', error.message);
  throw error;
}

/** Loads every platform's stored cookies into the jars (at start); returns the platforms that had some. */
export async function loadStoredCookies(secrets: SecretStore, jars: CookieJars): Promise<PlatformToken[]> {
  const loaded: PlatformToken[] = [];
  for (const platform of PLATFORM_TOKENS) {
    const stored = parseStored(await secrets.get(cookiesSecretName(platform)));
    if (stored === undefined) continue;
    if (jars.load(platform, stored.cookies.filter(live)) > 0) loaded.push(platform);
  }
  return loaded;
}

export class PlatformCookieStore {
  constructor(
    private readonly jars: CookieJars,
    private readonly secrets: SecretStore | undefined,
    private readonly hooks: CookieHooks = {},
  ) {}

  async list(): Promise<PlatformCookies[]> {
    const rows: PlatformCookies[] = [];
    for (const platform of PLATFORM_TOKENS) {
      const stored = this.secrets === undefined ? undefined : parseStored(await this.secrets.get(cookiesSecretName(platform)).catch(refused));
      rows.push({ platform, cookies: stored?.cookies.filter(live).length ?? 0, importedAt: stored?.importedAt ?? null, signIn: this.hooks.canSignIn?.(platform) ?? false });
    }
    return rows;
  }

  async import(platform: PlatformToken, text: string, now = Date.now()): Promise<{ imported: number; skipped: number }> {
    const secrets = this.requireSecrets();
    const { cookies, skipped } = parseNetscapeCookies(text);
    const sites = PLATFORM_SITES[platform];
    const mine = cookies.filter((c) => c.domain !== null && isOnSites(c.domain, sites) && live(c));
    if (mine.length === 0) {
      const why =
        cookies.length === 0
          ? 'it has no cookie lines (export a Netscape cookies.txt: tab-separated domain, flag, path, secure, expiry, name, value)'
          : `none of its ${cookies.length} cookies is a live one for ${sites.join(' or ')}`;
      throw new DeskError('invalid_input', `No ${PLATFORMS[platform].uiName} cookies imported: ${why}`);
    }
    const stored: StoredCookies = { importedAt: now, cookies: mine.map((c) => c.toJSON()) };
    // The keychain first: if it refuses, nothing changes anywhere.
    await secrets.set(cookiesSecretName(platform), JSON.stringify(stored)).catch(refused);
    this.jars.clear(platform);
    const imported = this.jars.load(platform, mine);
    await this.hooks.changed?.(platform, mine);
    return { imported, skipped: skipped + cookies.length - imported };
  }

  async clear(platform: PlatformToken): Promise<boolean> {
    const secrets = this.requireSecrets();
    const had = (await secrets.get(cookiesSecretName(platform)).catch(refused)) !== null;
    await secrets.delete(cookiesSecretName(platform)).catch(refused);
    this.jars.clear(platform);
    await this.hooks.changed?.(platform, null);
    return had;
  }

  private requireSecrets(): SecretStore {
    if (this.secrets === undefined) throw new DeskError('unavailable', 'Platform cookies are kept in the desktop app’s keychain; this build has none, so it does not store them');
    return this.secrets;
  }
}
