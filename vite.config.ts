import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite build` makes the browser bundle (dist/client, with a manifest the server reads);
// `vite build --ssr` bundles the server, including the React routes it renders (dist/server).
// DIST_DIR moves the output (default ./dist), so parallel builds do not overwrite each other.
const distDir = process.env.DIST_DIR ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'src/web/public',
  build: isSsrBuild
    ? {
        outDir: `${distDir}/server`,
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
        sourcemap: true,
      }
    : {
        outDir: `${distDir}/client`,
        emptyOutDir: true,
        manifest: true,
        assetsDir: 'static',
        sourcemap: true,
        rollupOptions: { input: 'src/web/entry-client.tsx' },
      },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/auth': 'http://127.0.0.1:3000', '/assets': 'http://127.0.0.1:3000' } },
}));
