import type { MethodTable } from '../method';

export const browsingMethods: MethodTable = {};
