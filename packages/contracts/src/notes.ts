/**
 * Tonic note letters in Arabic: a module of its own, without the rest of the lexicon (lexicon.ts
 * re-exports it), because the web app shows note names with no answer from the server (the loops
 * page's key menu), so it needs them before its first render; the lexicon loads later (decision 050).
 */
/** Tonic note letters → the solfège names Arabic musicians use (`D` → `ري`, `E half-flat` → `مي نصف بيمول`). */
const notesAr: Readonly<Record<string, string>> = { C: 'دو', D: 'ري', E: 'مي', F: 'فا', G: 'صول', A: 'لا', B: 'سي' };

export function arabicNoteOf(note: string): string | undefined {
  const match = /^([A-G])(b|#|♭|♯)?(?:\s+half-flat)?$/.exec(note.trim());
  if (!match) return undefined;
  const base = notesAr[match[1]!]!;
  const accidental =
    match[2] === 'b' || match[2] === '♭' ? ' بيمول' : match[2] === '#' || match[2] === '♯' ? ' دييز' : '';
  return `${base}${accidental}${/half-flat/.test(note) ? ' نصف بيمول' : ''}`;
}
