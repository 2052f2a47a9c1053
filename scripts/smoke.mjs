// `node scripts/smoke.mjs`: starts the built server (apps/server/dist, apps/web/dist) on a free
// port with a fresh embedded database and the sandbox platform, signs in as a demo owner, reads
// a page of the app and one API answer, and stops it. CI runs it on the machine's own Node.js 20
// after the suite ran on Node.js 24, so that both supported lines start and sign in.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkNodeVersion, root } from './lib.mjs';
import { sandboxServerEnv } from './server-env.mjs';

checkNodeVersion();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-smoke-'));
const startedAt = performance.now();
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  env: sandboxServerEnv({ dataDir }, { SANDBOX_CALLS: '200' }),
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));

function fail(message) {
  console.error(
    `smoke test on Node.js ${process.versions.node}: ${message}\n--- server output\n${output}`,
  );
  child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

async function expectOk(response, what) {
  if (!response.ok) fail(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

const baseUrl = await new Promise((resolve) => {
  const timer = setTimeout(() => resolve(undefined), 90_000);
  const look = () => {
    const match = /ready on (http:\/\/[^\s"]+)/.exec(output);
    if (match) {
      clearTimeout(timer);
      resolve(match[1].replace('localhost', '127.0.0.1'));
    }
  };
  child.stdout.on('data', look);
  child.stderr.on('data', look);
  void exited.then(() => {
    clearTimeout(timer);
    resolve(undefined);
  });
});
if (!baseUrl) fail('the server did not get ready');
const readyMs = Math.round(performance.now() - startedAt);

const page = await expectOk(await fetch(`${baseUrl}/login`), 'GET /login');
if (!(await page.text()).includes('<div id="root">')) fail('GET /login is not the web app');

const login = await expectOk(
  await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ userName: 'demo@brightsmile.example', password: 'switchboard-demo' }),
  }),
  'signing in as demo@brightsmile.example',
);
const cookie = login.headers
  .getSetCookie()
  .map((value) => value.split(';')[0])
  .join('; ');
const me = await (
  await expectOk(await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } }), 'GET /api/auth/me')
).json();
if (me.user?.business?.name !== 'Bright Smile Dental') fail(`signed in as ${JSON.stringify(me)}`);
const agents = await (
  await expectOk(await fetch(`${baseUrl}/api/agents`, { headers: { cookie } }), 'GET /api/agents')
).json();
if (!Array.isArray(agents.data) || agents.data.length === 0) fail('the demo owner sees no agent');

child.kill('SIGTERM');
const code = await exited;
fs.rmSync(dataDir, { recursive: true, force: true });
if (code !== 0) fail(`the server exited with ${code} after SIGTERM`);
console.log(
  `smoke test on Node.js ${process.versions.node}: ready in ${readyMs} ms, signed in as ${me.user.name} of ${me.user.business.name}, ${agents.data.length} agent(s), stopped cleanly`,
);
