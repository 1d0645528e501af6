import { MockHttpError, type MockContext } from '../context.ts';
import { newId } from '../state.ts';

/** Creator API tokens over the in-memory state (the secret is returned once, as by the API). */
export const apiTokenResolvers = {
  apiTokens: ({ state, user }: MockContext<'apiTokens'>) => ({
    tokens: state.apiTokens
      .filter((t) => t.creatorId === user?.id)
      .map(({ creatorId: _c, ...token }) => token),
  }),
  createApiToken: ({ state, user, input }: MockContext<'createApiToken'>) => {
    const secret = `shb_mock${newId(state, 'd')}`;
    const token = {
      id: newId(state, 'd'),
      name: input.name,
      scopes: input.scopes,
      prefix: secret.slice(0, 10),
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
    };
    state.apiTokens.push({ ...token, creatorId: user?.id ?? '' });
    return { token, secret };
  },
  revokeApiToken: ({ state, user, params }: MockContext<'revokeApiToken'>) => {
    const index = state.apiTokens.findIndex((t) => t.id === params.id && t.creatorId === user?.id);
    if (index < 0) throw new MockHttpError('NOT_FOUND', 'API token not found.');
    state.apiTokens.splice(index, 1);
    return { id: params.id ?? '' };
  },
};
