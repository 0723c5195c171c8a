/**
 * The Subsonic XML form of a JSON payload, the mapping every server and app share: an object is an
 * element, its scalar fields are attributes, its object and array fields are child elements named
 * by the field (an array repeats the element), an array of scalars repeats an element holding
 * text, and a field named `value` is the element's text (lyrics, a lyrics line).
 */
export function toXml(rootName: string, rootAttributes: Record<string, unknown>, payload: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(rootName, { ...rootAttributes, ...payload })}`;
}

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function element(name: string, value: unknown): string {
  if (isScalar(value)) return `<${name}>${escapeText(String(value))}</${name}>`;
  if (value === null || typeof value !== 'object') return `<${name}/>`;
  const fields = value as Record<string, unknown>;
  let attributes = '';
  let children = '';
  let text = '';
  for (const [key, field] of Object.entries(fields)) {
    if (field === undefined || field === null) continue;
    if (key === 'value' && isScalar(field)) text = escapeText(String(field));
    else if (isScalar(field)) attributes += ` ${key}="${escapeAttribute(String(field))}"`;
    else if (Array.isArray(field)) children += field.map((item) => element(key, item)).join('');
    else children += element(key, field);
  }
  const body = children + text;
  return body ? `<${name}${attributes}>${body}</${name}>` : `<${name}${attributes}/>`;
}

// XML 1.0 allows no control characters but tab, newline and carriage return
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeText(text: string): string {
  return text.replace(FORBIDDEN, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
