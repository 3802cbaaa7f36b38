import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Three rules of the house (issue 35) that Biome cannot say, checked on the syntax tree:
// - a component never loads domain code: no value import of @/server/** in src/components (types may
//   cross; a page or a layout loads the data and passes it down);
// - the process logs through one pino logger (src/server/log.ts): no console.* in src;
// - a form's length limit is read from lib/form-limits.ts or the schemas: no number in a component's
//   maxLength.

const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export interface Finding {
  file: string;
  line: number;
  rule: string;
}

const isServerModule = (specifier: ts.Expression) =>
  ts.isStringLiteral(specifier) && specifier.text.startsWith('@/server/');

function importsValues(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return true; // import '@/server/x' runs the module
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  if (ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.some((element) => !element.isTypeOnly);
}

/** The rules' findings in one file's text; `component` says whether it lies in src/components. */
export function checkSource(file: string, text: string, component: boolean): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, rule: string) =>
    findings.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, rule });
  const visit = (node: ts.Node) => {
    if (component) {
      if (ts.isImportDeclaration(node) && isServerModule(node.moduleSpecifier) && importsValues(node))
        report(node, 'a component imports domain code (@/server/**): let its page load the data');
      if (
        ts.isExportDeclaration(node) &&
        !node.isTypeOnly &&
        node.moduleSpecifier &&
        isServerModule(node.moduleSpecifier)
      )
        report(node, 'a component re-exports domain code (@/server/**)');
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        isServerModule(node.arguments[0])
      )
        report(node, 'a component loads domain code (@/server/**)');
      if (ts.isJsxAttribute(node) && node.name.getText(source) === 'maxLength' && node.initializer) {
        const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (value && (ts.isNumericLiteral(value) || ts.isStringLiteral(value)))
          report(node, 'a number in maxLength: read it from lib/form-limits.ts (textMax) or the schema');
      }
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'console'
    )
      report(node, 'console.* : log with the one logger (src/server/log.ts)');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

function main() {
  const components = path.join(root, 'src/components');
  const findings = sourceFiles(path.join(root, 'src')).flatMap((file) =>
    checkSource(path.relative(root, file), fs.readFileSync(file, 'utf8'), file.startsWith(components)),
  );
  for (const f of findings) console.error(`${f.file}:${f.line}  ${f.rule}`);
  if (findings.length) {
    console.error(`\n${findings.length} breach(es) of the house rules (scripts/check-boundaries.ts).`);
    process.exit(1);
  }
  console.log('House rules: no domain code in components, no console in src, no numeric maxLength.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
