import ts from 'typescript';

/** A top-level declaration that holds state every importer of the module shares. */
export interface ModuleState {
  name: string;
  kind: 'let' | 'var' | 'new';
  line: number;
}

const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * The module-level mutable state of a source file: every top-level `let` or `var`, and every
 * top-level `const x = new Something(...)` whose name is not an UPPER_CASE constant (a Map,
 * Set, WeakMap, cache or pool built at import time lives as long as the process and is shared
 * by every app it builds).
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
      else if (declaration.initializer && ts.isNewExpression(declaration.initializer) && !CONSTANT_NAME.test(name)) found.push({ name, kind: 'new', line });
    }
  }
  return found;
}
