import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../moduleOptions';

// Routes of this module are built in their own issue.
export const likedRoutes: FastifyPluginAsync<ModuleOptions> = async () => {};
