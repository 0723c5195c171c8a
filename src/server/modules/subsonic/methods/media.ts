import type { MethodTable } from '../method';

export const mediaMethods: MethodTable = {};
