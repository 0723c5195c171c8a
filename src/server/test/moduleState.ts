import ts from 'typescript';

/** A top-level declaration that holds state every importer of the module shares. */
export interface ModuleState {
  name: string;
  kind: 'let' | 'var' | 'new' | 'empty';
  line: number;
}

const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*$/;

/** `[]` or `{}`, perhaps typed with `as`: something to fill later. */
function isEmptyContainer(node: ts.Expression): boolean {
  const inner = ts.isAsExpression(node) ? node.expression : node;
  return (ts.isArrayLiteralExpression(inner) && inner.elements.length === 0) || (ts.isObjectLiteralExpression(inner) && inner.properties.length === 0);
}

/**
 * The module-level mutable state of a source file: every top-level `let` or `var`, and every
 * top-level `const x = new Something(...)`, `const x = []` or `const x = {}` whose name is not an
 * UPPER_CASE constant (a Map, Set, cache, pool or list built at import time lives as long as the
 * process and is shared by every app it builds).
 */
export function moduleStateOf(fileName: string, text: string): ModuleState[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: ModuleState[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const flags = statement.declarationList.flags;
    const kind = flags & ts.NodeFlags.Let ? 'let' : flags & ts.NodeFlags.Const ? 'const' : 'var';
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(source);
      const line = source.getLineAndCharacterOfPosition(declaration.getStart(source)).line + 1;
      if (kind !== 'const') found.push({ name, kind, line });
      else if (CONSTANT_NAME.test(name) || !declaration.initializer) continue;
      else if (ts.isNewExpression(declaration.initializer)) found.push({ name, kind: 'new', line });
      else if (isEmptyContainer(declaration.initializer)) found.push({ name, kind: 'empty', line });
    }
  }
  return found;
}
