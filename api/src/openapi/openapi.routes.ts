import type Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { contractRouter } from '../http/contract.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './document.ts';

/** GET /api/openapi.json: the OpenAPI 3.1 document, generated once per process from shared/src/api.ts. */
export function openApiRoutes({ version, config }: AppDeps): Router {
  const { router, route } = contractRouter(config);
  let document: OpenApiDocument | null = null;
  route('openApi', ({ ctx }) => {
    document ??= buildOpenApiDocument(version);
    ctx.set('Cache-Control', 'public, max-age=300');
    return document as unknown as Record<string, unknown> & { openapi: string };
  });
  return router;
}
