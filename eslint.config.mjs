// Type-aware lint for every TypeScript file; the rules that matter most here are the
// promise rules: a floating promise in the service is a lost error or a lost charge.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { layering } from './eslint.layering.mjs';

export default tseslint.config(
  // `*.config.ts.*.mjs`: the bundled config electron-vite writes beside its config for a moment while
  // it builds; `npm test` lints and builds at once, and a lint that listed it then failed reading it.
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', '*.config.mjs', '*.config.ts.*.mjs', 'eslint.layering.mjs'] },
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
