import type { MethodTable } from '../method';

export const playlistsMethods: MethodTable = {};
