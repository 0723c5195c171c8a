type Schema = Record<string, unknown>;

/** Per element name, the attribute names the spec allows it (scalar fields), read off a JSON schema. */
export type XmlShape = Map<string, Set<string>>;

/**
 * The XML a JSON schema describes under the Subsonic mapping (protocol/xml.ts): an object field is
 * an element whose scalar fields are attributes, an array field repeats its element, an array of
 * scalars repeats an element holding text, and `value` is text, never an attribute.
 */
export function xmlShapeOf(schema: Schema, shape: XmlShape = new Map(), seen = new Set<Schema>()): XmlShape {
  if (seen.has(schema)) return shape;
  seen.add(schema);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) for (const part of (schema[key] as Schema[] | undefined) ?? []) xmlShapeOf(part, shape, seen);
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  for (const [name, property] of Object.entries(properties)) {
    const item = property.type === 'array' ? ((property.items as Schema | undefined) ?? {}) : property;
    if (isScalar(item) && property.type !== 'array') continue;
    const attributes = shape.get(name) ?? new Set<string>();
    shape.set(name, attributes);
    for (const [field, fieldSchema] of Object.entries(scalarFields(item))) if (field !== 'value' && fieldSchema) attributes.add(field);
    xmlShapeOf(item, shape, seen);
  }
  return shape;
}

function isScalar(schema: Schema): boolean {
  const parts = [schema, ...(((schema.allOf ?? schema.oneOf ?? schema.anyOf) as Schema[] | undefined) ?? [])];
  return parts.some((part) => ['string', 'integer', 'number', 'boolean'].includes(part.type as string) || Array.isArray(part.enum));
}

function scalarFields(schema: Schema): Record<string, Schema> {
  const fields: Record<string, Schema> = {};
  const visit = (part: Schema) => {
    for (const [name, property] of Object.entries((part.properties as Record<string, Schema> | undefined) ?? {}))
      if (isScalar(property) && property.type !== 'array') fields[name] = property;
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) for (const sub of (part[key] as Schema[] | undefined) ?? []) visit(sub);
  };
  visit(schema);
  return fields;
}
