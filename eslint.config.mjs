// Type-aware lint for every TypeScript file; the rules that matter most here are the
// promise rules: a floating promise in the service is a lost error or a lost charge.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', '*.config.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { project: ['./tsconfig.json', './tsconfig.web.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      // Raw IPC only where the contract is wired (src-main/ipc/electronMain.ts, src-preload): every
      // other channel would bypass the zod parse and the sender-frame check.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', importNames: ['ipcMain', 'ipcRenderer', 'contextBridge'], message: 'IPC goes through src-main/ipc (main) and src-preload (renderer) only.' }] },
      ],
    },
  },
  {
    // The service core and the desk's handlers are plain Node: they must run in the CLI and the
    // headless server (serve --ui). src-main/ipc takes ipcMain-like objects as parameters instead.
    files: ['src-main/service/**/*.ts', 'src-main/http/**/*.ts', 'src-main/desk/**/*.ts', 'src-main/ipc/**/*.ts', 'src-main/cli.ts', 'src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The service core never imports electron.' }] }],
    },
  },
  {
    // The store port (service/store/port.ts) is what the service, the desk, the CLI and the app
    // depend on; SQLite is one implementation of it. Only the ledger itself, the composition root
    // that builds it (service/open.ts) and the backup command (a file-level copy) may reach
    // better-sqlite3 or the ledger's classes. Its own rule name, so the per-folder rules of
    // no-restricted-imports stay independent of it. Check: npx eslint src-main/desk/account.ts after
    // adding `import '../service/ledger/index';` there fails with this message.
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-preload/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-main/service/ledger/**', 'src-main/service/open.ts', 'src-main/cli/backup.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'better-sqlite3', message: 'Only src-main/service/ledger talks to SQLite; depend on the store port (service/store/port.ts).' }],
          patterns: [{ group: ['**/ledger/*', '**/ledger'], message: 'Depend on the store port (service/store/port.ts), not on the SQLite ledger.' }],
        },
      ],
    },
  },
  {
    // electron-builder's config and hook are CommonJS that it loads itself; no TypeScript project covers them.
    files: ['**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src-main/ipc/electronMain.ts', 'src-preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
