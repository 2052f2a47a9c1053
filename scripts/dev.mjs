// `npm run dev`: the server with reload on change (port 3000) and Vite's dev server with hot
// reload (port 5173, proxying /api to the server). Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { checkNodeVersion, root } from './lib.mjs';

checkNodeVersion();
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, env, stdio: 'inherit' }),
];
const stopAll = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
