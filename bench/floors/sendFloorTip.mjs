// The send floor's transaction (bench/floors/README.md): one per tip, four prepared statements (debit, the creator's
// next version, the tip, the ledger row). Shared by sendFloor.mjs and `npm run bench:sql` (bench/sqlCost.ts), so
// the floor's database cost printed beside the product's is exactly the floor's.

/** Lands one tip on `client` (a node-postgres client); null when the wallet or the creator refused it. */
export async function floorTip(client, schema, senderId, { amountPaise, message, creator }) {
  await client.query('begin');
  try {
    const debit = await client.query({
      name: `${schema}.debit`,
      text: `update ${schema}.wallets set balance_paise = balance_paise - $2
        where user_id = $1 and balance_paise >= $2 returning balance_paise`,
      values: [senderId, amountPaise],
    });
    const next = await client.query({
      name: `${schema}.next`,
      text: `update ${schema}.creators set version = version + 1 where handle = $1 returning user_id, version`,
      values: [creator],
    });
    if (debit.rowCount === 0 || next.rowCount === 0) {
      await client.query('rollback');
      return null;
    }
    const { user_id: creatorId, version } = next.rows[0];
    const tip = await client.query({
      name: `${schema}.tip`,
      text: `insert into ${schema}.tips (creator_id, sender_id, amount_paise, message, version)
        values ($1, $2, $3, $4, $5) returning id, created_at`,
      values: [creatorId, senderId, amountPaise, message, version],
    });
    const { id, created_at: createdAt } = tip.rows[0];
    await client.query({
      name: `${schema}.ledger`,
      text: `insert into ${schema}.ledger (user_id, delta_paise, tip_id) values ($1, $2, $3)`,
      values: [senderId, -amountPaise, id],
    });
    await client.query('commit');
    return { creatorId, version: Number(version), id: String(id), createdAt };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}
