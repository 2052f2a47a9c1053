import { describe, expect, it } from 'vitest';
import { hashPassword, passwordNeedsRehash, verifyPassword } from './password';

// PHC strings written by the `argon2` package (0.45.1, node-argon2) that stored every password
// before decision 047. They were made with that library, not with the code under test, and each
// must still sign its user in.
const WRITTEN_BY_NODE_ARGON2 = [
  {
    password: 'correct horse battery staple',
    stored:
      '$argon2id$v=19$m=19456,p=1,t=2$MUHlnjubScwfe3xDE2jXDg$+R2WEJ9blP7qsW2sB8WLTmY8Lve5i8MZelw4FXJicz4',
    upgrade: false,
  },
  {
    password: 'Ünïcødé pässwörd 🔑',
    stored:
      '$argon2id$v=19$m=19456,p=1,t=2$/7YwpdrVeqnUZ7bN7l3g3A$mpWLgqVWUoiq1ley1Uug5i0zuZcg7B3Ffp4LT9bc+UU',
    upgrade: false,
  },
  {
    // That library's defaults (64 MiB, 3 passes, 4 lanes).
    password: 'library-defaults',
    stored:
      '$argon2id$v=19$m=65536,p=4,t=3$Wn6Wo6qOzAcWCLETJzj0Ig$V56k3uavLtfoyx+qGTN1EshiC4cwwjTFBKJzqfRxVWs',
    upgrade: true,
  },
  {
    password: 'weaker-params',
    stored:
      '$argon2id$v=19$m=4096,p=1,t=1$jS9T/HFZDKw3kXtzdj+ApA$v6PAp3kWKPmVLmg/tG7KOB372VxbpRaod9VESXWH21k',
    upgrade: true,
  },
  {
    // Another variant with our costs: verified, then upgraded to argon2id.
    password: 'argon2i-variant',
    stored:
      '$argon2i$v=19$m=19456,p=1,t=2$cpTS2khVVamQuUfCEhQWgg$Ew2q2Hapk1ko+p/gvRXr9w2+RR8CUI6tjbgK1Icb+aQ',
    upgrade: true,
  },
];

describe('password hashes', () => {
  it.each(WRITTEN_BY_NODE_ARGON2)(
    'verifies a hash the old library wrote ($password)',
    async ({ password, stored, upgrade }) => {
      expect(await verifyPassword(stored, password)).toBe(true);
      expect(await verifyPassword(stored, `${password}x`)).toBe(false);
      expect(passwordNeedsRehash(stored)).toBe(upgrade);
    },
  );

  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane, and verifies its own hashes', async () => {
    const stored = await hashPassword('s3cret passphrase');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$/);
    expect(passwordNeedsRehash(stored)).toBe(false);
    expect(await verifyPassword(stored, 's3cret passphrase')).toBe(true);
    expect(await verifyPassword(stored, 'S3cret passphrase')).toBe(false);
    // A new salt every time.
    expect(await hashPassword('s3cret passphrase')).not.toBe(stored);
  });

  it('signs nobody in with a malformed stored hash, and upgrades it', async () => {
    for (const stored of ['', 'plain', '$argon2id$v=19$m=19456,t=2,p=1$', '$2b$10$abcdefghijkl']) {
      expect(await verifyPassword(stored, 'anything')).toBe(false);
      expect(passwordNeedsRehash(stored)).toBe(true);
    }
  });
});
