import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on 3000 in development; the SPA calls it same-origin
// through this proxy, exactly as it does when the server serves the built app.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      {
        // The call client @vapi-ai/web drives: real daily-js in live mode, the sandbox's call
        // object in sandbox mode, chosen at run time (features/web-call/call-client, decision 011).
        find: /^@daily-co\/daily-js$/,
        replacement: fileURLToPath(
          new URL('./src/features/web-call/call-client/daily-switch.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Each route module is its own chunk, named after its file (assets/login-<hash>.js, ...).
    // Libraries go into a few named vendor chunks that stay cached across deploys of app code.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 4,
            },
            {
              name: 'vendor-mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|clsx|tslib|use-callback-ref|use-sidecar|react-style-singleton|aria-hidden|get-nonce|detect-node-es)[\\/]/,
              priority: 3,
            },
            { name: 'vendor-icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 2 },
            {
              name: 'vendor-forms',
              test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/,
              priority: 2,
            },
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            {
              name: 'vendor-charts',
              test: /node_modules[\\/](chart\.js|react-chartjs-2|@kurkle|dayjs)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
