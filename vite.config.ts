import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// react-router's package exports always point at its development build (dev warnings included); builds
// take its production build instead, and the server bundles it so the alias applies there too.
const reactRouterProduction = fileURLToPath(
  new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// `vite build` makes the browser bundle (dist/client, with a manifest the server reads);
// `vite build --ssr` bundles the server, including the React routes it renders, and the render thread
// (dist/server/main.js and render-thread.js, sharing their chunks).
// DIST_DIR moves the output (default ./dist), so parallel builds do not overwrite each other.
const distDir = process.env.DIST_DIR ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
  ssr: { noExternal: ['react-router'] },
  publicDir: 'src/web/public',
  build: isSsrBuild
    ? {
        outDir: `${distDir}/server`,
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
        sourcemap: true,
        rollupOptions: {
          input: { main: 'src/server/main.ts', 'render-thread': 'src/server/public-speed/render-thread.ts' },
          output: { entryFileNames: '[name].js' },
        },
      }
    : {
        outDir: `${distDir}/client`,
        emptyOutDir: true,
        manifest: true,
        assetsDir: 'static',
        sourcemap: true,
        rollupOptions: { input: 'src/web/entry-client.tsx' },
      },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/auth': 'http://127.0.0.1:3000', '/assets': 'http://127.0.0.1:3000' },
  },
}));
