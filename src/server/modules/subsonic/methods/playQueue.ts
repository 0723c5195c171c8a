import type { MethodTable } from '../method';

export const playQueueMethods: MethodTable = {};
