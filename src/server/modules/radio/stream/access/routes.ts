import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../../../contract/common';
import { MESSAGES } from '../../../../../contract/messages';
import { RadioListenUrl, RadioStreamPublicBody } from '../../../../../contract/radioStream';
import { currentUser, requireAdmin, requireUser } from '../../../../plugins/auth';
import type { ModuleOptions } from '../../../moduleOptions';
import { publicOrigin } from '../../../../lib/http/publicOrigin';

/**
 * The listen links to the live stream (docs/api/radio.md, Live stream): each user's own, renewed on
 * demand, and the admins' switch that lets the stream play without one.
 */
export const radioStreamAccessRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config }) => {
  app.addHook('onReady', async () => {
    if (!app.hasDecorator('radioListenLinks')) throw new Error('the radio stream access routes need radioStreamAccessPlugin (access/plugin.ts)');
  });

  const tags = ['radio'];
  const schema = { tags, response: { 200: RadioListenUrl, ...errorResponses(401) } };

  app.get('/radio/listen-url', { preValidation: requireUser, schema }, async (request) =>
    app.radioListenLinks.linkOf(currentUser(request).id, publicOrigin(config, request)),
  );

  app.post('/radio/listen-url', { preValidation: requireUser, schema }, async (request) =>
    app.radioListenLinks.renew(currentUser(request).id, publicOrigin(config, request)),
  );

  const publicSchema = { tags, body: RadioStreamPublicBody, response: { 200: RadioListenUrl, ...errorResponses(400, 401, 403) } };
  app.put('/radio/stream/public', { preValidation: requireAdmin(MESSAGES.onlyAdminsMakeStreamPublic), schema: publicSchema }, async (request) => {
    await app.radioListenLinks.setPublic(request.body.public);
    return app.radioListenLinks.linkOf(currentUser(request).id, publicOrigin(config, request));
  });
};
