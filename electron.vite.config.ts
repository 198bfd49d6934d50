import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// Three bundles: the Electron main process (which hosts the whole transcript service), the
// sandboxed preload (bundled whole: a sandboxed preload cannot require node_modules), and the renderer.
export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src-main/app/main.ts') } },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(__dirname, 'src-preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    // Relative asset paths: the same build loads from app:// in Electron and under /app/ in serve --ui.
    base: './',
    build: {
      // Minified: the browser build (serve --ui) parses it on every load.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
    plugins: [react()],
  },
});
