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
  {
    // The renderer's lib sits below its features (views use lib, never the other way): a command
    // for a view goes through a store (stores/app.ts `requestExport`), not an import of the view.
    files: ['src-renderer/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features', '**/features/**'], message: 'src-renderer/src/lib never imports features/: put shared code in lib/ or a store.' }] }],
    },
  },
);
