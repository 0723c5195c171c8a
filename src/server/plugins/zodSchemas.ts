import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The app as the modules see it: route schemas are zod schemas, and handlers are typed from them. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

function emptyBodyAsObject(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (request.body == null) request.body = {};
  done();
}

/**
 * Routes declare zod schemas: Fastify validates params, query and body with them (a refusal reaches
 * the error handler as error.validation, see lib/validationErrors.ts) and serializes answers through
 * them, so no field a schema leaves out is ever sent.
 */
export const zodSchemasPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // a body-less POST is read as {}: "field missing" rather than "expected object, received null";
    // attached only to routes with a body schema, so streams and static files pay nothing for it
    app.addHook('onRoute', (route) => {
      if (!route.schema?.body) return;
      const own = route.preValidation ? [route.preValidation].flat() : [];
      route.preValidation = [...own, emptyBodyAsObject];
    });
  },
  { name: 'zod-schemas' },
);
