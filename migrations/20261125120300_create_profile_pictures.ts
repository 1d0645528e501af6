import type { Knex } from 'knex';

/**
 * Profile pictures stored once, as their own rows, and served at `/api/users/:id/picture?v=<version>`:
 * `users.profile_pic` now holds that short URL (every tip, list and push that joins the sender carries the URL,
 * never the image). New uploads are 128×128 WebP thumbnails; existing data strings move here as they are.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_pictures', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('content_type').notNullable();
    t.binary('bytes').notNullable();
    t.text('version').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    insert into profile_pictures (user_id, content_type, bytes, version)
    select id, substring(profile_pic from '^data:([^;]+);base64,'),
           decode(substring(profile_pic from ',(.*)$'), 'base64'), left(md5(profile_pic), 12)
    from users where profile_pic like 'data:%;base64,%'`);
  await knex.raw(`
    update users set profile_pic = '/api/users/' || id || '/picture?v=' || left(md5(profile_pic), 12)
    where profile_pic like 'data:%;base64,%'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    update users u set profile_pic = 'data:' || p.content_type || ';base64,' || encode(p.bytes, 'base64')
    from profile_pictures p where p.user_id = u.id`);
  await knex.schema.dropTable('profile_pictures');
}
