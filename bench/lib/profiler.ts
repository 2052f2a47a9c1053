import fs from 'node:fs/promises';
import inspector from 'node:inspector';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The inspector's CPU profiler in this process, sampling every 200 µs from now until `stop`,
 * which writes the profile (Chrome's `.cpuprofile`, for DevTools or a script) to `file`.
 */
export async function startProfiler(what: string) {
  const session = new inspector.Session();
  session.connect();
  const post = promisify(session.post.bind(session)) as (
    method: string,
    params?: object,
  ) => Promise<{ profile?: object }>;
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    stop: async (file: string) => {
      const { profile } = await post('Profiler.stop');
      session.disconnect();
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, JSON.stringify(profile));
      console.log(`CPU profile of ${what}: ${file}`);
    },
  };
}
