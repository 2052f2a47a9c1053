// hoodiecrow-imap (a scriptable IMAP server for tests) ships no types; what the tests use.
declare module 'hoodiecrow-imap' {
  import type { Server } from 'node:net';
  type Options = {
    plugins?: string[];
    storage?: Record<string, { messages: { raw: string; flags?: string[] }[] }>;
    users?: Record<string, { password: string }>;
  };
  function hoodiecrow(options: Options): {
    server: Server;
    listen(port: number, host: string, callback: () => void): void;
    close(callback: () => void): void;
  };
  export default hoodiecrow;
}
