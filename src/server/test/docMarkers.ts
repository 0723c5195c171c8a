/**
 * Reads the machine-checked parts of docs/architecture.md: sections fenced by HTML comments
 * (`<!-- folders: src/server -->` ... `<!-- /folders -->`, `<!-- tables -->` ... `<!-- /tables -->`,
 * `<!-- journey: play -->` ... `<!-- /journey -->`), each a markdown list whose items start with a
 * backticked name. architectureDoc.test.ts compares them with the tree.
 */

export interface MarkedSection {
  /** what follows the colon of the opening comment ('src/server', 'play'), '' when none */
  label: string;
  /** the first backticked name of each list item, in order */
  names: string[];
  /** the last markdown heading above the opening comment */
  heading: string;
}

const LIST_ITEM = /^\s*(?:[-*]|\d+\.)\s+`([^`]+)`/;

/** Every `<!-- kind[: label] -->` ... `<!-- /kind -->` section of the document, in order. */
export function markedSections(markdown: string, kind: string): MarkedSection[] {
  const pattern = new RegExp(`<!--\\s*${kind}(?::\\s*([^\\s>]+))?\\s*-->([\\s\\S]*?)<!--\\s*/${kind}\\s*-->`, 'g');
  return [...markdown.matchAll(pattern)].map((match) => {
    const before = markdown.slice(0, match.index);
    const headings = before.match(/^#{1,6} .*$/gm) ?? [];
    const names = match[2]
      .split('\n')
      .map((line) => LIST_ITEM.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    return { label: match[1] ?? '', names, heading: headings.at(-1) ?? '' };
  });
}

/** What one list has that the other lacks, both ways. */
export function difference(listed: readonly string[], actual: readonly string[]): { missing: string[]; extra: string[] } {
  const listedSet = new Set(listed);
  const actualSet = new Set(actual);
  return {
    missing: [...actualSet].filter((name) => !listedSet.has(name)).sort(),
    extra: [...listedSet].filter((name) => !actualSet.has(name)).sort(),
  };
}

/** The same values more than once. */
export function duplicates(names: readonly string[]): string[] {
  return [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
}
