/**
 * Whether a text of the server's answers (a server message, a facet name) was asked for on a
 * translated page before those texts had loaded (messages.ts loads them alongside the first render).
 * Only then does the page render again once they are here: usually nothing asks that early, and a
 * render of the whole page for nothing would cost a long task.
 */
let missed = false;

/** serverText / catalogName: a translated page asked for an answer's text that is not here yet. */
export function noteAnswerTextMissed(): void {
  missed = true;
}

/** Whether one was missed since the last call (and forgets it). */
export function takeAnswerTextMisses(): boolean {
  const was = missed;
  missed = false;
  return was;
}
