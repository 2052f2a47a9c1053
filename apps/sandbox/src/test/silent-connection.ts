import { once } from 'node:events';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/**
 * A connection to the listening `server` that sends nothing, as a browser's preconnect (decision
 * 108), accepted by the server when this resolves. `ended` settles when the server ends it: the
 * client never does (it is destroyed when the test finishes).
 */
export async function openSilentConnection(server: Server): Promise<{ ended: Promise<unknown> }> {
  const { address, port } = server.address() as AddressInfo;
  const accepted = once(server, 'connection');
  const silent = net.connect(port, address);
  silent.on('error', () => undefined);
  onTestFinished(() => {
    silent.destroy();
  });
  await once(silent, 'connect');
  await accepted;
  return { ended: once(silent, 'close') };
}
