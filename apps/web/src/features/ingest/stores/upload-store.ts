import { create } from 'zustand';
import type { FieldErrors } from '@/lib/api-client';
import { emptyDraft, FIELD_OF_DRAFT_KEY, type UploadDraft } from '../lib/upload-draft';

/**
 * Where the artist's upload is: filling in the form, sending the bytes, then following the
 * server's processing (queued → processing → processed | failed, read from the polled upload).
 */
export type UploadSession =
  | { phase: 'editing' }
  | { phase: 'uploading'; fileName: string; loaded: number; total: number }
  | { phase: 'tracking'; uploadId: number };

export type UploadState = {
  draft: UploadDraft;
  session: UploadSession;
  /** Field errors by the server's field names (client checks or the server's 422), in the page's language. */
  errors: FieldErrors;
  /** A refusal not tied to one input (network, 403, 413 without fields…), in the page's language. */
  formError: string | null;
};

export type UploadActions = {
  editDraft: (patch: Partial<UploadDraft>) => void;
  /** Client checks failed: stay on the form with these errors. */
  showErrors: (errors: FieldErrors, formError?: string | null) => void;
  startSending: (fileName: string, total: number) => void;
  setProgress: (loaded: number, total: number) => void;
  /** The server accepted the upload (202): follow its processing. */
  accepted: (uploadId: number) => void;
  /** Back to the form (a refusal, a cancel), the draft kept. */
  backToForm: () => void;
  /** After a failed processing: the form again, without the file that failed. */
  retry: () => void;
  /** A fresh form for the next upload (kind and price kept, they are usually the same). */
  startOver: () => void;
  /** Follow an upload that was started earlier (after a reload). */
  follow: (uploadId: number) => void;
};

export const initialUploadState: UploadState = {
  draft: emptyDraft,
  session: { phase: 'editing' },
  errors: {},
  formError: null,
};

/**
 * The upload lives outside the form component, so switching to the Sales tab (or another page)
 * while a large file is on its way neither loses the bytes sent nor the form's values.
 */
export const useUploadStore = create<UploadState & UploadActions>()((set) => ({
  ...initialUploadState,
  editDraft: (patch) =>
    set((state) => {
      // Editing a field clears its (now possibly stale) error.
      const errors = { ...state.errors };
      const touched = Object.keys(patch).map((key) => FIELD_OF_DRAFT_KEY[key as keyof UploadDraft]);
      for (const field of touched) if (field) delete errors[field];
      return { draft: { ...state.draft, ...patch }, errors };
    }),
  showErrors: (errors, formError = null) => set({ errors, formError, session: { phase: 'editing' } }),
  startSending: (fileName, total) =>
    set({ session: { phase: 'uploading', fileName, loaded: 0, total }, errors: {}, formError: null }),
  setProgress: (loaded, total) =>
    set((state) => (state.session.phase === 'uploading' ? { session: { ...state.session, loaded, total } } : {})),
  accepted: (uploadId) => set({ session: { phase: 'tracking', uploadId } }),
  backToForm: () => set({ session: { phase: 'editing' } }),
  retry: () =>
    set((state) => ({
      session: { phase: 'editing' },
      draft: { ...state.draft, file: null },
      errors: {},
      formError: null,
    })),
  startOver: (): void =>
    set((state) => ({
      ...initialUploadState,
      draft: { ...emptyDraft, kind: state.draft.kind, price: state.draft.price },
    })),
  follow: (uploadId) => set({ session: { phase: 'tracking', uploadId }, errors: {}, formError: null }),
}));
