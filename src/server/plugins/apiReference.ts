import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The reference UI's own policy: its scripts and styles are files under /api/docs/static (no inline
 * script), it fetches the document from this origin and shows a data: logo. React sets its styles
 * through the DOM, which CSP does not govern; the one <style> the bundle injects is allowed by its
 * hash (checked in Chromium with swagger-ui 6.1.3), so no 'unsafe-inline' anywhere.
 */
const SWAGGER_UI_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${SWAGGER_UI_STYLE_HASH}`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The API reference, built from the routes' zod schemas: OpenAPI 3 at /api/openapi.json and a
 * reference UI at /api/docs. Registered before the routes: @fastify/swagger collects them as they
 * are added.
 */
export const apiReferencePlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Wavelength API',
          version: '1',
          description: 'Errors answer { success: false, message }. docs/api.md gives the conventions.',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: DOCS_CSP });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'api-reference' },
);
