// The layering rules (eslint.layering.mjs) fail on the imports the README's layout forbids and pass
// the ones it allows: each case lints one line of source as if it sat in the named file.
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of ESLint config, without types
import { layering } from '../../eslint.layering.mjs';

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, plugins: { '@typescript-eslint': tseslint.plugin } }, ...(layering as Linter.Config[])],
});

async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: file });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('layering lint', () => {
  it.each([
    ['src-main/desk/restApi.ts', "import { startApiServer } from '../http/server';", 'the desk never imports http'],
    ['src-main/desk/queue/runItem.ts', "import { x } from '../../app/desktop';", 'the desk never imports http, ipc, app'],
    ['src-main/service/platforms/youtube/index.ts', "import { x } from '../../../desk/index';", 'the service never imports desk'],
    ['src-main/service/service.ts', "import { x } from '../cli';", 'the service never imports desk, http, ipc, app, cli'],
    ['src-main/http/server.ts', "import { x } from '../ipc/register';", 'src-main/http never imports ipc'],
    ['src-main/ipc/register.ts', "import { x } from '../http/server';", 'src-main/ipc never imports http'],
    ['src-shared/url/parse.ts', "import { x } from '#service/service';", 'src-shared is the ground floor'],
    ['src-renderer/src/lib/shortcuts.ts', "import { x } from '../features/queue/QueueView';", "the renderer's lib never imports features"],
    ['src-renderer/src/App.tsx', "import { x } from '#service/service';", 'window.desk only'],
    ['src-main/desk/index.ts', "import { app } from 'electron';", 'only src-main/app (the shell) imports electron'],
    ['src-main/app/main.ts', "import { ipcMain } from 'electron';", 'IPC goes through src-main/ipc'],
    ['src-main/desk/account.ts', "import { Ledger } from '../service/ledger/index';", 'not on the SQLite ledger'],
    ['src-main/service/core/deliver.ts', "import Database from 'better-sqlite3';", 'Only src-main/service/ledger talks to SQLite'],
    ['src-main/cli/accounts.ts', "import { Ledger } from '#service/ledger/index';", 'not on the SQLite ledger'],
    ['src-main/service/core/deliver.ts', "import pg from 'pg';", 'Only src-main/service/postgres talks to PostgreSQL'],
    ['src-main/desk/account.ts', "import { PgStore } from '#service/postgres/pgStore';", 'not on the PostgreSQL store'],
    ['src-main/service/postgres/credits.ts', "import { CreditLedger } from '../ledger/credits';", 'not on the SQLite ledger'],
    ['src-main/service/postgres/pgStore.ts', "import Database from 'better-sqlite3';", 'Only src-main/service/ledger talks to SQLite'],
    ['src-main/service/ledger/credits.ts', "import pg from 'pg';", 'Only src-main/service/postgres talks to PostgreSQL'],
    ['src-main/mcp/server.ts', "import { x } from '../http/server';", 'src-main/mcp never imports http'],
    ['src-main/mcp/tools.ts', "import { open } from '../cli/common';", 'src-main/mcp never imports http, ipc, app, cli'],
    ['src-main/desk/index.ts', "import { createMcpServer } from '../mcp/server';", 'the desk never imports http, ipc, app, cli, mcp'],
    ['src-main/app/desktop.ts', "import { createMcpServer } from '../mcp/server';", 'the app shell never imports mcp'],
    ['src-main/app/desktop.ts', "import { ipcMain } from 'electron';", 'IPC goes through src-main/ipc'],
  ])('%s: %s is refused', async (file, source, why) => {
    const found = await problems(file, source);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^(@typescript-eslint\/)?no-restricted-imports: /);
    expect(found[0]).toContain(why);
  });

  it.each([
    ['src-main/desk/queue/runItem.ts', "import { x } from '../../service/service';"],
    ['src-main/cli/mcp.ts', "import { createMcpServer } from '../mcp/server';"],
    ['src-main/mcp/server.ts', "import { createDesk } from '../desk/index';"],
    ['src-main/http/server.ts', "import { x } from '../desk/index';"],
    ['src-main/app/desktop.ts', "import { x } from '../http/restApiHost';"],
    ['src-main/app/main.ts', "import { app } from 'electron';"],
    ['src-main/ipc/electronMain.ts', "import { ipcMain } from 'electron';"],
    ['src-renderer/src/features/queue/QueueView.tsx', "import { x } from '../../lib/desk';"],
    ['src-main/service/service.ts', "import { x } from './platforms/index';"],
    ['src-main/service/open.ts', "import { SqliteStore } from './ledger/sqliteStore';"],
    ['src-main/service/ledger/credits.ts', "import Database from 'better-sqlite3';"],
    ['src-main/service/postgres/sql.ts', "import pg from 'pg';"],
    ['src-main/service/postgres/transcriptCache.ts', "import { encodeRecord } from '../store/transcriptRecord';"],
    ['src-main/desk/account.ts', "import type { Store } from '#service/store/port';"],
  ])('%s: %s is allowed', async (file, source) => {
    expect(await problems(file, source)).toEqual([]);
  });
});
