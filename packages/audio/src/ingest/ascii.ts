/** The bytes [offset, offset + length) as Latin-1 text (for four-character codes). */
export function ascii(bytes: Uint8Array, offset: number, length: number): string {
  let s = '';
  for (let i = offset; i < offset + length && i < bytes.length; i++) s += String.fromCharCode(bytes[i] as number);
  return s;
}
