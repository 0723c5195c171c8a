import type { MethodTable } from '../method';

export const starredMethods: MethodTable = {};
