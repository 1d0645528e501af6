import { parseArgs } from 'node:util';
import { maskPhone } from '@shabaash/shared';
import { loadConfig } from '../../config.ts';
import { withCliDatabase } from '../../db/cliDatabase.ts';
import { addOperator, OperatorCommandError, removeOperator } from './operators.service.ts';

// `npm run operator:add -- --phone 9876543210 --name "Asha Ops" [--password-stdin]` and
// `npm run operator:remove -- --phone 9876543210`: the only way operator accounts are made and removed. They run
// against the deployment's database (DATABASE_URL, or DATA_DIR's embedded PostgreSQL, running or not).

const USAGE = `usage:
  npm run operator:add -- --phone <10 digits> --name <name> [--password-stdin]
  npm run operator:remove -- --phone <10 digits>`;

/** Reads a line from the terminal without echoing it. */
function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    let value = '';
    const finish = () => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new OperatorCommandError('cancelled'));
          return;
        }
        value = ch === '\u007f' ? value.slice(0, -1) : value + ch;
      }
    };
    stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** All of stdin, less the trailing line break (`echo "$PASSWORD" | npm run operator:add -- … --password-stdin`). */
async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readStdin();
  if (!process.stdin.isTTY)
    throw new OperatorCommandError('No terminal to ask for the password: use --password-stdin.');
  const password = await readHidden('Password: ');
  if ((await readHidden('Password again: ')) !== password)
    throw new OperatorCommandError('The two passwords differ.');
  return password;
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      phone: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
  });
  if (!values.phone || (command === 'add' && !values.name) || (command !== 'add' && command !== 'remove'))
    throw new OperatorCommandError(USAGE);
  const config = loadConfig();
  if (command === 'add') {
    const password = await readPassword(values['password-stdin']);
    const name = values.name ?? '';
    const phone = values.phone;
    const made = await withCliDatabase(config, (db) => addOperator(db, { name, phone, password }));
    console.log(
      `operator added: ${made.id} (signs in at /ops with the password and an OTP to ${maskPhone(made.phone)})`,
    );
  } else {
    const phone = values.phone;
    const removed = await withCliDatabase(config, (db) => removeOperator(db, phone));
    console.log(`operator removed: ${removed.id} (sessions ended; audit rows kept)`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
