import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './document.ts';

/** GET /api/openapi.json: the OpenAPI 3.1 document, generated once per process from shared/src/api.ts. */
export function openApiRoutes({ version }: AppDeps): Router {
  const router = new Router();
  let document: OpenApiDocument | null = null;
  router.get('/openapi.json', (ctx) => {
    document ??= buildOpenApiDocument(version);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = document;
  });
  return router;
}
