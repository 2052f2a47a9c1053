import { describe, expect, it } from 'vitest';
import { loadSandboxConfig } from './config';

describe('standalone sandbox settings: recordings', () => {
  it('has public recording URLs and 300 s links by default', () => {
    expect(loadSandboxConfig({}).recordings).toEqual({ publicUrls: true, linkTtlSeconds: 300 });
  });

  it('takes the URLs off the calls with SANDBOX_RECORDING_URLS=none', () => {
    const options = loadSandboxConfig({
      SANDBOX_RECORDING_URLS: 'none',
      SANDBOX_RECORDING_LINK_TTL_SECONDS: '30',
    });
    expect(options.recordings).toEqual({ publicUrls: false, linkTtlSeconds: 30 });
  });

  it('refuses another value or a link time out of range, naming the setting', () => {
    expect(() => loadSandboxConfig({ SANDBOX_RECORDING_URLS: 'private' })).toThrow(
      /SANDBOX_RECORDING_URLS/,
    );
    expect(() => loadSandboxConfig({ SANDBOX_RECORDING_LINK_TTL_SECONDS: '0' })).toThrow(
      /SANDBOX_RECORDING_LINK_TTL_SECONDS/,
    );
  });
});
