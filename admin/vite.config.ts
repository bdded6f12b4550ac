import path from 'node:path'

import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The operator console, served by the API server at /admin/ (server/static-files.ts).
// `npm run build:admin` writes dist/admin; server/start.ts passes --outDir for ADMIN_DIST_DIR.
export default defineConfig({
  root: __dirname,
  base: '/admin/',
  plugins: [react()],
  // The API contract is shared with the server and the app (see contract/README.md).
  resolve: { alias: { '@contract': path.resolve(__dirname, '../contract') } },
  build: {
    outDir: path.resolve(__dirname, '../dist/admin'),
    emptyOutDir: true,
    target: 'es2020',
    // The chart library is large; it loads only with the dashboard.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks: (id) =>
          /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run)\//.test(id)
            ? 'react'
            : undefined
      }
    }
  }
})
