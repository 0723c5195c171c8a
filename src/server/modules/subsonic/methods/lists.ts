import type { MethodTable } from '../method';

export const listsMethods: MethodTable = {};
