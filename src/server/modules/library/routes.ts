import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/common';
import { MISSING_LIST_MAX, MissingSongsResponse, PurgeMissingResponse, ScanStartedResponse, ScanStatusResponse } from '../../../contract/library';
import { MESSAGES } from '../../../contract/messages';
import { HttpError } from '../../lib/httpError';
import { listMissing, purgeMissing } from '../../library/scan/markMissing';
import { requireAdmin } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';

const tags = ['library'];

/** docs/product.md §5.7: admins start a scan of MUSIC_DIR and follow its progress. */
export const libraryRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  const statusSchema = { tags, response: { 200: ScanStatusResponse, ...errorResponses(401, 403) } };
  app.get('/library/scan', { preValidation: requireAdmin(), schema: statusSchema }, async () => ({ success: true as const, ...app.library.status() }));

  const startSchema = {
    tags,
    description: 'Starts a scan of MUSIC_DIR in the background; 409 when one is running (here or on another instance) or MUSIC_DIR is not set.',
    response: { 202: ScanStartedResponse, ...errorResponses(401, 403, 409) },
  };
  app.post('/library/scan', { preValidation: requireAdmin(), schema: startSchema }, async (_request, reply) => {
    const answer = await app.library.start();
    if (answer === 'unconfigured') throw new HttpError(409, MESSAGES.noMusicDir);
    if (answer === 'running') throw new HttpError(409, MESSAGES.scanAlreadyRunning);
    return reply.status(202).send({ success: true, started: true });
  });

  const missingSchema = {
    tags,
    description: `The songs whose file a scan found gone or unreadable (hidden from every list, likes and playlist entries kept), longest missing first, at most ${MISSING_LIST_MAX}.`,
    response: { 200: MissingSongsResponse, ...errorResponses(401, 403) },
  };
  app.get('/library/missing', { preValidation: requireAdmin(), schema: missingSchema }, async () => ({
    success: true as const,
    ...(await listMissing(app.db, MISSING_LIST_MAX)),
  }));

  const purgeSchema = {
    tags,
    description: 'Deletes the missing songs with their likes, plays and playlist entries; 409 while a scan runs (it may be bringing them back).',
    response: { 200: PurgeMissingResponse, ...errorResponses(401, 403, 409) },
  };
  app.delete('/library/missing', { preValidation: requireAdmin(), schema: purgeSchema }, async (request) => {
    if (app.library.status().running) throw new HttpError(409, MESSAGES.scanAlreadyRunning);
    const purged = await purgeMissing(app.db);
    request.log.info({ purged }, 'missing songs purged');
    return { success: true as const, purged };
  });
};
