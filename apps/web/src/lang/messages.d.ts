/** A locale's compiled catalogue (`@/lang/ar.messages`, made from ar.json by lib/i18n/precompile-messages.ts). */
declare module '*.messages' {
  const messages: Record<string, import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>;
  export default messages;
}
