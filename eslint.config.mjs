// Type-aware lint for every TypeScript file; the rules that matter most here are the
// promise rules: a floating promise in the service is a lost error or a lost charge.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { layering } from './eslint.layering.mjs';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', '*.config.mjs', 'eslint.layering.mjs'] },
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
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Which folder may import which: one block per room (eslint.layering.mjs).
  ...layering,
);
