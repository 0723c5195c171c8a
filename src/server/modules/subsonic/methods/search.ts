import type { MethodTable } from '../method';

export const searchMethods: MethodTable = {};
