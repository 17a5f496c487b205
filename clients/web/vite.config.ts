import { defineConfig } from 'vite';

// The printed components (maps, card names) are read from the engine's data files at build time:
// public data, the same the server reads, so the client never keeps a second copy.
//
// `npx vite` (the development loop): the page calls the API on its own origin, as it does when
// `carthago serve` serves it, so the dev server passes the API's paths on to the server's HTTP
// address (CARTHAGO_HTTP, default http://127.0.0.1:8080, what `make run` serves): no CORS involved.
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const api = env.CARTHAGO_HTTP || 'http://127.0.0.1:8080';

export default defineConfig({
  server: {
    fs: { allow: ['../..'] },
    proxy: { '/carthago.v1.GameService/': { target: api, changeOrigin: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
