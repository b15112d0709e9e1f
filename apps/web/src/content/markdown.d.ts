/** `import doc from '@/content/….md'`: the file compiled at build time (features/legal/lib/compile-markdown.ts). */
declare module '*.md' {
  const document: import('@/features/legal/lib/markdown').MarkdownDocument;
  export default document;
}
