// Module hooks that run the project's TypeScript as it is, with no build step: a relative
// import of `x.js` from TypeScript loads `x.ts` (TypeScript's NodeNext imports name the file a
// compiler would write), and `.ts` files are compiled by esbuild as they load.
//
// tsx did this before, but it compiles with esbuild's `keepNames`, which wraps every named
// function in a call that sets its name, each time the function is created: the rule brain
// creates thousands of small functions per request, and planning took about a third longer.
// Without bundling or minifying, functions keep their names anyway.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { transform } from 'esbuild';

/** What tsconfig.json says that changes the JavaScript esbuild writes. */
const TSCONFIG = { compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true } };

export async function resolve(specifier, context, next) {
  const { parentURL } = context;
  if (parentURL?.startsWith('file:') && parentURL.endsWith('.ts') && specifier.endsWith('.js') && (specifier.startsWith('./') || specifier.startsWith('../'))) {
    const ts = new URL(`${specifier.slice(0, -3)}.ts`, parentURL);
    if (existsSync(ts)) return { url: ts.href, format: 'module', shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const path = fileURLToPath(url);
  const source = await readFile(path, 'utf8');
  const { code } = await transform(source, {
    loader: 'ts',
    format: 'esm',
    target: `node${process.versions.node}`,
    sourcefile: path,
    // Stack traces name the TypeScript lines (process.setSourceMapsEnabled in ts-register.js).
    sourcemap: 'inline',
    sourcesContent: false,
    tsconfigRaw: TSCONFIG,
  });
  return { format: 'module', source: code, shortCircuit: true };
}
