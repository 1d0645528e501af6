import crypto from 'node:crypto';
import {
  fillMessage,
  MAX_API_TOKENS_PER_CREATOR,
  STATUS_TEXTS,
  type ApiToken,
  type ApiTokenScope,
} from '@shabaash/shared';
import type { Db } from '../../db/knex.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { presentApiToken } from './apiTokens.presenter.ts';
import {
  countApiTokens,
  deleteApiToken,
  insertApiToken,
  listApiTokens,
  lockCreatorTokens,
  useApiToken,
  type ApiTokenRow,
} from './apiTokens.repository.ts';

/** Every API token starts with this, so the auth middleware can tell it from a session JWT without a lookup. */
export const API_TOKEN_PREFIX = 'shb_';

/** SHA-256 of the whole secret: 256 random bits need no slow hash, and lookups stay one index probe. */
export const hashApiToken = (secret: string): Buffer =>
  crypto.createHash('sha256').update(secret, 'utf8').digest();

export async function listTokens(db: Db, creatorId: string): Promise<ApiToken[]> {
  return (await listApiTokens(db, creatorId)).map(presentApiToken);
}

/** Makes a token; the secret is returned here once and never stored. */
export async function createToken(
  db: Db,
  creatorId: string,
  input: { name: string; scopes: ApiTokenScope[] },
): Promise<{ token: ApiToken; secret: string }> {
  return db.transaction(async (tx) => {
    await lockCreatorTokens(tx, creatorId);
    if ((await countApiTokens(tx, creatorId)) >= MAX_API_TOKENS_PER_CREATOR) {
      throw conflict(fillMessage(STATUS_TEXTS.tooManyApiTokens, { max: MAX_API_TOKENS_PER_CREATOR }));
    }
    const secret = `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
    const row = await insertApiToken(tx, {
      creatorId,
      name: input.name,
      scopes: input.scopes,
      prefix: secret.slice(0, API_TOKEN_PREFIX.length + 6),
      hash: hashApiToken(secret),
    });
    return { token: presentApiToken(row), secret };
  });
}

/** Deletes the token (HTTP refuses it from the next request) and closes its bot sockets on every instance. */
export async function revokeToken(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  creatorId: string,
  id: string,
): Promise<string> {
  if (!(await deleteApiToken(deps.db, creatorId, id))) throw notFound('API token');
  deps.realtime.apiTokenRevoked(id);
  return id;
}

/** The live token for a presented secret, or null (unknown or revoked). */
export async function resolveToken(db: Db, secret: string): Promise<ApiTokenRow | null> {
  return useApiToken(db, hashApiToken(secret));
}
