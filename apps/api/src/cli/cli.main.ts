import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigError, DataDirLockedError, loadConfig } from '@qr/platform';
import { orgCreate } from './org-create';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  org:create --name "<organisation name>" --owner <email>
      Creates the owner's account (unless it exists) and the organisation, issues an owner API key,
      and prints {"org_id", "owner_email", "password", "api_key"} as one JSON line.
      "password" is null when the account existed already.

Uses DATABASE_URL, or the embedded database in DATA_DIR while the server is stopped.`;

const usage = (problem?: string): number => {
  console.error(problem ? `${problem}\n\n${USAGE}` : USAGE);
  return 2;
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'org:create') return usage(command ? `Unknown command: ${command}` : undefined);
  let values: { name?: string; owner?: string };
  try {
    ({ values } = parseArgs({ args: rest, options: { name: { type: 'string' }, owner: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  if (values.name === undefined || values.owner === undefined) return usage('org:create needs --name and --owner.');
  return orgCreate(
    { name: values.name, owner: values.owner },
    { config: loadConfig() },
    { stdout: (line) => process.stdout.write(`${line}\n`), stderr: (line) => process.stderr.write(`${line}\n`) },
  );
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
