/**
 * Bare Fastify serving fixed bodies: the throughput bench's yardstick (issue 36 target 3). No
 * hooks, no database, no validation: `GET /<name>` answers the JSON body saved under that name
 * in the file BARE_BODIES (an object name → body), as the real server would send it.
 *
 *   BARE_BODIES=/tmp/bodies.json PORT=41211 node --import tsx bench/lib/bare-server.ts
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const bodies = JSON.parse(fs.readFileSync(process.env.BARE_BODIES!, 'utf8')) as Record<
  string,
  string
>;
const app = Fastify({ logger: false });
app.get<{ Params: { name: string } }>('/:name', (request, reply) => {
  const body = bodies[request.params.name];
  if (body === undefined) return reply.status(404).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('bare server ready');
