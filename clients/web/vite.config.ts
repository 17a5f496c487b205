import { defineConfig } from 'vite';

// The printed components (maps, card names) are read from the engine's data files at build time:
// public data, the same the server reads, so the client never keeps a second copy.
export default defineConfig({
  server: { fs: { allow: ['../..'] } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
