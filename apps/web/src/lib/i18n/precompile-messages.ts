/**
 * Build-time precompilation of the English messages (decision 045): a Vite plugin that rewrites
 * every `defaultMessage` of the app's source (`<FormattedMessage>`, `formatMessage`,
 * `defineMessages`…) into its ICU AST with FormatJS's TypeScript transformer, so the browser never
 * parses a message and the ICU parser is left out of the bundle (`noParserAlias`). Dev and tests
 * run the sources as they are (with the parser).
 */
import fs from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import { transformWithTs } from '@formatjs/ts-transformer';
import ts from 'typescript';
import type { Plugin } from 'vite';

const appSource = /[\\/]src[\\/].*\.tsx?$/;

export function precompiledMessages(): Plugin {
  return {
    name: 'tarab:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!appSource.test(file) || file.includes('node_modules') || !code.includes('defaultMessage')) return null;
      const output = ts.transpileModule(code, {
        fileName: file,
        compilerOptions: {
          target: ts.ScriptTarget.ESNext,
          module: ts.ModuleKind.ESNext,
          jsx: ts.JsxEmit.Preserve,
          verbatimModuleSyntax: true,
          sourceMap: true,
        },
        transformers: { before: [transformWithTs(ts, { ast: true, preserveWhitespace: true })] },
      });
      return { code: output.outputText, map: output.sourceMapText ?? null };
    },
  };
}

/** The ICU parser's no-parser build: every message the browser formats is an AST already. */
export const noParserAlias = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};

/** `@/lang/ar.messages`: the locale's catalogue beside it (`src/lang/ar.json`). */
const catalogueId = /[\\/]src[\\/]lang[\\/]([a-z]{2,3})\.messages$/;

/** A catalogue (`{ id: { defaultMessage } }`) compiled: each message as its ICU AST, by id. */
function compileCatalogue(catalogue: Record<string, { defaultMessage: string }>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(catalogue).map(([id, { defaultMessage }]) => [id, parse(defaultMessage)]));
}

/**
 * One compiled catalogue per locale, made from `src/lang/<locale>.json` when it is imported as
 * `@/lang/<locale>.messages` (lib/i18n/messages.ts): dev, tests and the build all compile it, and
 * nothing generated lies on disk. A chunk of its own in the build, which the prerendered pages of
 * the locale preload (scripts/web-postbuild.mjs).
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'tarab:compiled-catalogues',
    enforce: 'pre',
    resolveId: (source) => (catalogueId.test(source) ? source : null),
    load(id) {
      if (!catalogueId.test(id)) return null;
      const file = id.replace(/\.messages$/, '.json');
      this.addWatchFile(file);
      const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { defaultMessage: string }>;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalogue(catalogue)))});`;
    },
  };
}
