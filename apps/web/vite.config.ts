import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_PREFIXES = ['/authenticate', '/cp', '/core', '/docs', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, 'http://localhost:3000'])),
  },
  // No source maps in the build: the portal's source is not published (the server refuses *.map besides).
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 800 },
});
