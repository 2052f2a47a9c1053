import { buildServerIfNeeded } from './build-server.mjs';

// The int and e2e tests start the built server (apps/server/dist) as a process, the way
// `npm start` and the image do. `npm test` builds it first; a direct `vitest run` builds it here
// when a source changed since.
export default async function setup() {
  await buildServerIfNeeded();
}
