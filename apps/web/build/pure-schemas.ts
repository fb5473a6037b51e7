import type { Plugin } from 'vite';

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** A call, or a chain of calls and member reads ending in one: `z.string().regex(…)`, `listQuerySchema({…})`. */
function isCallChain(node: Node | null | undefined): boolean {
  return node?.type === 'CallExpression';
}

/**
 * The contract's modules define their zod schemas at the top level, and a bundler must assume any call there has side
 * effects — so a screen importing one constant from a module got every schema of it, and zod itself. Building a zod
 * schema has none, and the contract does no I/O: this wraps the initializer of every top-level `const` that is a call
 * (`z.string().regex(…)`, `BillSchema.extend(…)`, `listQuerySchema({…})`) in a `/* @__PURE__ *\/` arrow called at
 * once, so constants nobody uses are dropped (and zod with them, from pages that validate nothing). A pure mark on
 * `z.string()` alone would not do: the chained `.regex(…)` after it is a call of its own. Build only; the source is
 * unchanged.
 */
export function pureContractSchemas(): Plugin {
  return {
    name: 'lading:pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const edits: { at: number; text: string }[] = [];
      for (let statement of program.body) {
        if (statement.type === 'ExportNamedDeclaration' && statement.declaration)
          statement = statement.declaration as Node;
        if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') continue;
        for (const declarator of statement.declarations as { init: Node | null }[]) {
          const init = declarator.init;
          if (!init || !isCallChain(init)) continue;
          edits.push({ at: init.start, text: '/* @__PURE__ */ (() => ' }, { at: init.end, text: ')()' });
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const { at, text } of edits.sort((a, b) => b.at - a.at))
        out = out.slice(0, at) + text + out.slice(at);
      return { code: out, map: null };
    },
  };
}
