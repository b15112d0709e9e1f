/**
 * Build-time precompilation of the English messages (decision 045): a Vite plugin that rewrites
 * every `defaultMessage` of the app's source (`<FormattedMessage>`, `formatMessage`,
 * `defineMessages`…) into its ICU AST with FormatJS's TypeScript transformer, so the browser never
 * parses a message and the ICU parser is left out of the bundle (`noParserAlias`). Dev and tests
 * run the sources as they are (with the parser).
 */
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
