import type { Plugin } from 'vite';

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

/**
 * The contract's modules define their zod schemas at the top level, and a bundler must assume any call there has side
 * effects — so a screen importing one constant from a module got every schema of it, and zod itself. Building a zod
 * schema has none: this marks each `z.…(` call of the contract `/* @__PURE__ *\/`, so schemas nobody uses are
 * dropped (and zod with them, from pages that validate nothing). Build only; the source is unchanged.
 */
export function pureContractSchemas(): Plugin {
  return {
    name: 'lading:pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT.test(id)) return null;
      return { code: code.replace(/(?<![\w$.])z\.(?=\w+\()/g, '/* @__PURE__ */ z.'), map: null };
    },
  };
}
