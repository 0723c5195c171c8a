/**
 * A small reader of the XML answers, enough for tests (no XML parser is a dependency): the element
 * names, and the root element's attributes with entities decoded.
 */

const START_TAG = /<([A-Za-z_][\w.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function withoutProlog(xml: string): string {
  return xml.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '');
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

/** The distinct element names, in the order they first appear. */
export function elementNames(xml: string): string[] {
  const names = new Set<string>();
  for (const match of withoutProlog(xml).matchAll(START_TAG)) names.add(match[1]);
  return [...names];
}

/** The attributes of every element named `name`, in document order. */
export function elementsAttributes(xml: string, name: string): Record<string, string>[] {
  return [...withoutProlog(xml).matchAll(START_TAG)].filter((m) => m[1] === name).map((m) => attributesOf(m[2]));
}

function root(xml: string): RegExpMatchArray {
  const first = withoutProlog(xml).match(new RegExp(START_TAG.source));
  if (!first) throw new Error(`not XML: ${xml.slice(0, 80)}`);
  return first;
}

/** The root element's name; throws when the text has no element. */
export function rootName(xml: string): string {
  return root(xml)[1];
}

/** The root element's attributes; throws when the text has no element. */
export function rootAttributes(xml: string): Record<string, string> {
  return attributesOf(root(xml)[2]);
}

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const m of source.matchAll(ATTRIBUTE)) attributes[m[1]] = decode(m[2] ?? m[3]);
  return attributes;
}
