import fp from 'fastify-plugin';
import { assertCleanInput } from '../lib/cleanText';

/**
 * One check for every route: the query, the path parameters and a parsed JSON body carry no NUL
 * and no lone surrogate. Multipart fields are read by the routes' form readers, which call the
 * same assertCleanInput.
 */
export const inputGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      assertCleanInput(request.params);
      assertCleanInput(request.query);
      if (!request.isMultipart()) assertCleanInput(request.body);
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
