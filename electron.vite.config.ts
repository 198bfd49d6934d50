import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { engines } from './package.json';
import { nodeVersionCheck } from './scripts/nodeVersionCheck';

/**
 * Development only (`npm start`): Vite's dev server injects CSS as <style> elements, which the
 * page's `style-src 'self'` refuses. Built pages (the app, serve --ui) keep the strict policy.
 */
const devServerCsp = (): Plugin => ({
  name: 'transcript-desk-dev-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
});

/** The path aliases of tsconfig.json (`#shared/…`, `#service/…`), for the three bundles. */
const resolveAliases = { alias: { '#shared': resolve(__dirname, 'src-shared'), '#service': resolve(__dirname, 'src-main/service') } };

// The built CLI refuses a Node older than package.json's engines.node, with a sentence.
const NODE_VERSION_CHECK = nodeVersionCheck(engines.node);

// Three bundles: the Electron main process (which hosts the whole transcript service), the
// sandboxed preload (bundled whole: a sandboxed preload cannot require node_modules), and the renderer.
export default defineConfig({
  main: {
    resolve: resolveAliases,
    build: {
      rollupOptions: {
        // `cli` is the transcript-desk command (`npm run serve`, the package's bin, the systemd unit
        // and the container): plain JavaScript, so the signal reaches the server and no loader
        // process sits between them.
        input: { index: resolve(__dirname, 'src-main/app/main.ts'), cli: resolve(__dirname, 'src-main/cli.ts') },
        // Before the bundle's first require: on an older Node (the `node` a `#!/usr/bin/env node`
        // finds may be the system's) a dependency throws while loading, or better-sqlite3 crashes.
        output: { banner: (chunk) => (chunk.name === 'cli' ? NODE_VERSION_CHECK : '') },
      },
    },
  },
  preload: {
    resolve: resolveAliases,
    build: {
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(__dirname, 'src-preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    // Relative asset paths: the same build loads from app:// in Electron and under /app/ in serve --ui.
    base: './',
    resolve: resolveAliases,
    build: {
      // Minified: the browser build (serve --ui) parses it on every load.
      minify: true,
      // One bundle read from this machine (app://, or the local server), never over a slow link:
      // about 0.5 MB with React and the contract's zod schemas, which is no reason to warn.
      chunkSizeWarningLimit: 700,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
    plugins: [react(), devServerCsp()],
  },
});
