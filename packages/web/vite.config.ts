import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server; in development Vite forwards everything the server owns to it (`npm run dev` sets PORT). */
const SERVER = `http://localhost:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': SERVER,
      '/oidc': SERVER,
      '/interaction': SERVER,
      '/app-config.js': SERVER,
      '/media': SERVER,
      '/preview': SERVER,
      '/maps': SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
