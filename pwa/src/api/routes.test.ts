import { describe, expect, it } from 'vitest';
import { endpoints } from '@shabaash/shared';
import { GET_ROUTES } from './routes.ts';

describe('zod-free GET routes', () => {
  it('match the shared contract method and path for every entry', () => {
    for (const [name, route] of Object.entries(GET_ROUTES)) {
      const def = endpoints[name as keyof typeof endpoints];
      expect({ name, method: def.method, path: def.path }).toEqual({ name, ...route });
    }
  });
});
