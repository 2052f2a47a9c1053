import { parseArgs } from 'node:util';
import { SET_PASSWORD_MIN_LENGTH } from '@switchboard/shared/auth';
import { z } from 'zod';
import { ConfigError, loadConfig, readAdminPassword } from '../config';
import { openDatabase } from '../db/client';
import { DatabaseLockedError } from '../db/directory-lock';
import { AppError } from '../lib/app-error';
import { createAdmin } from '../modules/auth/auth.service';
import { generatePassword } from '../modules/auth/password';

// `npm run admin -- create <userName> [--email <address>]`: creates an operator account on the
// configured database (DATABASE_URL, or the embedded one in DATA_DIR). This is how a
// deployment with a real platform account gets its first admin; demo sign-ins exist only in
// the sandbox.

const USAGE = `Usage: npm run admin -- create <userName> [--email <address>]

Creates an administrator on the configured database (DATABASE_URL, or the embedded
database in DATA_DIR). The password is taken from ADMIN_PASSWORD when it is set;
otherwise a random one is generated and printed once.`;

const userNameSchema = z
  .string()
  .trim()
  .min(1, 'The user name is empty')
  .max(254, 'The user name is longer than 254 characters')
  .regex(/^\S+$/, 'The user name must not contain spaces');
const emailSchema = z.email('The --email value is not a valid email address');
const passwordSchema = z
  .string()
  .min(
    SET_PASSWORD_MIN_LENGTH,
    `ADMIN_PASSWORD must be at least ${SET_PASSWORD_MIN_LENGTH} characters long`,
  )
  .max(256, 'ADMIN_PASSWORD must be at most 256 characters long');

class UsageError extends Error {}

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (values.help) return undefined;
  const [command, userName, ...extra] = positionals;
  if (command !== 'create') {
    throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
  if (userName === undefined) throw new UsageError('The user name is missing.');
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
  const name = userNameSchema.safeParse(userName);
  if (!name.success) throw new UsageError(name.error.issues[0]?.message ?? 'Invalid user name');
  let email: string | null = null;
  if (values.email !== undefined) {
    const parsedEmail = emailSchema.safeParse(values.email.trim());
    if (!parsedEmail.success) throw new UsageError(parsedEmail.error.issues[0]?.message ?? '');
    email = parsedEmail.data;
  } else if (emailSchema.safeParse(name.data).success) {
    email = name.data;
  }
  return { userName: name.data.toLowerCase(), email };
}

async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parse(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (!args) {
    console.log(USAGE);
    return 0;
  }

  const given = readAdminPassword();
  if (given !== undefined) {
    const checked = passwordSchema.safeParse(given);
    if (!checked.success) {
      console.error(checked.error.issues[0]?.message);
      return 1;
    }
  }
  const password = given ?? generatePassword();

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  let database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(
        `The embedded database in ${config.dataDir} is in use by a running Switchboard server, ` +
          'and only one process can open it. Stop the server, run this command again, then ' +
          'start the server. (With DATABASE_URL, PostgreSQL has no such limit.)',
      );
      return 1;
    }
    throw error;
  }

  try {
    await createAdmin(database.db, { ...args, password });
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }

  console.log(`Created admin "${args.userName}"${args.email ? ` <${args.email}>` : ''}.`);
  if (given === undefined) {
    console.log(`Password: ${password}`);
    console.log('It is shown only this once: keep it somewhere safe.');
  } else {
    console.log('Password: the one in ADMIN_PASSWORD.');
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
