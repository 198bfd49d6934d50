// The layering of the house, enforced (README "Layout" draws it). Each room lists the rooms it must
// never import; ESLint's no-restricted-imports matches the import's text, so every rule is a regex
// over the relative path (`../../desk/…`, which only the top-level folder can match: no folder
// inside a room reuses a room's name) and over the path aliases (`#service/…`, `#shared/…`).
// A block per room replaces (not merges) the rule of earlier blocks for its files, so the
// electron and IPC bans are repeated in each block that needs them. test/unit/layering.test.ts
// lints deliberately wrong imports against these blocks.

/** Raw IPC only where the contract is wired (src-main/ipc/electronMain.ts, src-preload). */
const RAW_IPC = { name: 'electron', importNames: ['ipcMain', 'ipcRenderer', 'contextBridge'], message: 'IPC goes through src-main/ipc (main) and src-preload (renderer) only.' };
/** The service, the desk and their transports run in the CLI and the headless server too. */
const NO_ELECTRON = { name: 'electron', message: 'Plain Node here: only src-main/app (the shell) imports electron.' };

/** A large library the main process uses to write DOCX exports; the renderer never needs it. */
const DOCX = { name: 'docx', message: 'DOCX is written in the main process (src-shared/format/docx.ts via exportFile.ts); the renderer never bundles the docx library.' };

const SQLITE = { name: 'better-sqlite3', message: 'Only src-main/service/ledger talks to SQLite; depend on the store port (service/store/port.ts).' };
const PG = { name: 'pg', message: 'Only src-main/service/postgres talks to PostgreSQL; depend on the store port (service/store/port.ts).' };
const ON_LEDGER = { group: ['**/ledger/*', '**/ledger'], message: 'Depend on the store port (service/store/port.ts), not on the SQLite ledger.' };
const ON_POSTGRES = { group: ['**/postgres/*', '**/postgres'], message: 'Depend on the store port (service/store/port.ts), not on the PostgreSQL store.' };

/** A room of src-main reached from a sibling room: `../desk`, `../../http/server`, `../cli`. */
const room = (name) => `^(\\.\\./)+${name}(/|\\.ts$|$)`;

const never = (from, rooms) => ({
  regex: `${rooms.map(room).join('|')}`,
  message: `Layering: ${from} never imports ${rooms.join(', ')} (README "Layout").`,
});

const block = (files, { paths = [NO_ELECTRON], patterns = [], ignores } = {}) => ({
  files,
  ...(ignores === undefined ? {} : { ignores }),
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});

export const layering = [
  // Everything: raw IPC stays behind src-main/ipc and src-preload.
  block(['**/*.{ts,tsx,mts}'], { paths: [RAW_IPC] }),
  block(['src-shared/**/*.ts'], {
    patterns: [{ regex: '^(\\.\\./)+(src-main|src-renderer|src-preload)(/|$)|^#service(/|$)', message: 'Layering: src-shared is the ground floor; it imports nothing of main, renderer or preload.' }],
  }),
  block(['src-main/service/**/*.ts'], { patterns: [never('the service', ['desk', 'http', 'ipc', 'app', 'cli', 'mcp'])] }),
  block(['src-main/desk/**/*.ts'], { patterns: [never('the desk', ['http', 'ipc', 'app', 'cli', 'mcp'])] }),
  block(['src-main/http/**/*.ts'], { patterns: [never('src-main/http', ['ipc', 'app', 'cli', 'mcp'])] }),
  block(['src-main/ipc/**/*.ts'], { patterns: [never('src-main/ipc', ['http', 'app', 'cli', 'mcp'])], ignores: ['src-main/ipc/electronMain.ts'] }),
  // The MCP server (`transcript-desk mcp`) is a transport over the desk, like http and ipc; only the CLI starts it.
  block(['src-main/mcp/**/*.ts'], { patterns: [never('src-main/mcp', ['http', 'ipc', 'app', 'cli'])] }),
  block(['src-main/app/**/*.ts'], { paths: [RAW_IPC], patterns: [never('the app shell', ['mcp'])] }),
  block(['src-main/cli.ts', 'src-main/cli/**/*.ts'], { patterns: [never('the CLI', ['ipc', 'app'])] }),
  block(['src-main/ipc/electronMain.ts', 'src-preload/**/*.ts'], { paths: [] }),
  block(['src-renderer/**/*.{ts,tsx}'], {
    paths: [NO_ELECTRON, DOCX],
    patterns: [
      { regex: '^(\\.\\./)+(src-main|src-preload)(/|$)|^#service(/|$)', message: 'Layering: the renderer reaches the app through window.desk only.' },
      { regex: 'format/(docx|exportFile)$', message: 'DOCX is written in the main process: the renderer lists formats from format/exportFormats.ts and never bundles the docx library.' },
    ],
  }),
  // The store port (service/store/port.ts) is what the service, the desk, the CLI and the app depend
  // on; SQLite and PostgreSQL are implementations of it. Only each store itself, the composition root
  // that builds it (service/open.ts), the operator commands' root (service/cluster/operations.ts:
  // migrate and status by URL, without a service) and the backup command (a file-level copy) reach
  // its driver or its classes, and neither store leans on the other (what they share lives in service/store).
  // typescript-eslint's copy of the rule, so it adds to the per-room blocks above instead of
  // replacing them; one block per set of files, since a later block would replace an earlier one.
  {
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-preload/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-main/service/ledger/**', 'src-main/service/postgres/**', 'src-main/service/open.ts', 'src-main/service/cluster/operations.ts', 'src-main/cli/backup.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [SQLITE, PG], patterns: [ON_LEDGER, ON_POSTGRES] }] },
  },
  { files: ['src-main/service/ledger/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [PG], patterns: [ON_POSTGRES] }] } },
  { files: ['src-main/service/postgres/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [SQLITE], patterns: [ON_LEDGER] }] } },
  block(['src-renderer/src/lib/**/*.{ts,tsx}'], {
    paths: [NO_ELECTRON],
    patterns: [
      { regex: '^(\\.\\./)+(src-main|src-preload)(/|$)|^#service(/|$)', message: 'Layering: the renderer reaches the app through window.desk only.' },
      { regex: '^(\\.\\./)+features(/|$)', message: "Layering: the renderer's lib never imports features (features use lib)." },
    ],
  }),
];

