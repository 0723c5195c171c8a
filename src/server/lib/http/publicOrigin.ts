import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/** Where links to this server start: PUBLIC_URL when set, else the origin the request came to. */
export function publicOrigin(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
