import type { MethodTable } from '../method';

export const radioMethods: MethodTable = {};
