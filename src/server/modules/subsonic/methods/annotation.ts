import type { MethodTable } from '../method';

export const annotationMethods: MethodTable = {};
