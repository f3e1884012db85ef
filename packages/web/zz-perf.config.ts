import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
export default defineConfig({ plugins: [react()], build: { outDir: '/tmp/perf/dist', emptyOutDir: true, rollupOptions: { input: 'zz-perf.html' } } });
