import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { withCliDatabase } from './cliDatabase.ts';
import { MIGRATIONS_DIR } from './knex.ts';

const TEMPLATE = `import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // TODO: describe the change
}

export async function down(knex: Knex): Promise<void> {
  // TODO: undo it
}
`;

/** `npm run db:migrate | db:rollback | db:make -- <name>` against DATABASE_URL or the embedded server. */
async function main(): Promise<void> {
  const [command, name] = process.argv.slice(2);
  if (command === 'make') {
    if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error('usage: npm run db:make -- create_things');
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const file = path.join(MIGRATIONS_DIR, `${stamp}_${name}.ts`);
    fs.writeFileSync(file, TEMPLATE);
    console.log(`created ${path.relative(process.cwd(), file)}`);
    return;
  }
  await withCliDatabase(loadConfig(), async (db) => {
    if (command === 'migrate') {
      const [batch, files] = (await db.migrate.latest()) as [number, string[]];
      console.log(files.length ? `batch ${batch}: ${files.join(', ')}` : 'already up to date');
    } else if (command === 'rollback') {
      const [batch, files] = (await db.migrate.rollback()) as [number, string[]];
      console.log(files.length ? `rolled back batch ${batch}: ${files.join(', ')}` : 'nothing to roll back');
    } else {
      throw new Error('usage: db:migrate | db:rollback | db:make -- <name>');
    }
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
