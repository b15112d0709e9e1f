import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { isApiError, parseNetworkError, type FieldErrors } from '@/lib/api-client';
import { ingestKeys } from '../api/ingest-keys';
import { isAbortError, uploadTrack } from '../api/upload-track';
import { ingestErrorText, ingestFieldErrors } from '../lib/ingest-messages';
import { FORM_FIELDS, toMetadata, validateDraft } from '../lib/upload-draft';
import { useUploadStore } from '../stores/upload-store';

/** The one upload on its way (module-level: it outlives the form component). */
let inFlight: AbortController | null = null;

/** Cancels the upload being sent, if any (the form comes back with its values). */
export function cancelUpload(): void {
  inFlight?.abort();
}

/**
 * Checks the draft, then sends it with a progress report; a 202 switches to following the
 * processing, a refusal puts the server's field errors under their fields (each said by its code,
 * in the page's language).
 */
export function useSubmitUpload(maxUploadMb: number) {
  const queryClient = useQueryClient();
  const intl = useIntl();
  return useCallback(async () => {
    const store = useUploadStore.getState();
    if (store.session.phase === 'uploading') return;
    const { draft } = store;
    const errors = validateDraft(intl, draft, maxUploadMb);
    if (errors || !draft.file) {
      store.showErrors(errors ?? {});
      return;
    }
    const file = draft.file;
    const controller = new AbortController();
    inFlight = controller;
    store.startSending(file.name, file.size);
    try {
      const upload = await uploadTrack({
        metadata: toMetadata(draft),
        file,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => useUploadStore.getState().setProgress(loaded, total),
      });
      queryClient.setQueryData(ingestKeys.upload(upload.id), upload);
      useUploadStore.getState().accepted(upload.id);
      void queryClient.invalidateQueries({ queryKey: ingestKeys.uploads, exact: true });
    } catch (cause) {
      if (isAbortError(cause)) {
        useUploadStore.getState().backToForm();
        return;
      }
      const error = isApiError(cause) ? cause : parseNetworkError(cause);
      const fieldErrors = Object.entries(ingestFieldErrors(intl, error));
      const isFormField = (field: string) => (FORM_FIELDS as readonly string[]).includes(field);
      const known: FieldErrors = Object.fromEntries(fieldErrors.filter(([field]) => isFormField(field)));
      const others = fieldErrors.filter(([field]) => !isFormField(field)).flatMap(([, messages]) => messages);
      // A too-large file (413) has no field list: it belongs under the file input.
      if (error.status === 413 && !known['file']) known['file'] = [ingestErrorText(intl, error)];
      const hasFieldErrors = Object.keys(known).length > 0;
      const formError = others[0] ?? (hasFieldErrors ? null : ingestErrorText(intl, error));
      useUploadStore.getState().showErrors(known, formError);
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  }, [queryClient, maxUploadMb, intl]);
}

/** While bytes are being sent, leaving the page asks first (the upload would be lost). */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
