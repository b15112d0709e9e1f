import { Limits } from '@tarab/contracts/limits';
import { isApiError } from '@/lib/api-client';
import { activeIntl } from '@/lib/i18n/active-locale';
import { codeText } from '@/lib/i18n/error-text';
import { toast } from '@/lib/toast';

/** Toasts of a product action close after 1500 ms (spec §4 "Toasts"). */
export const productToast = { autoClose: Limits.toastFavouritesMs };

/** Tells the buyer once that the file is being made (a download's `onPreparing`). */
export const toastPreparing = () => toast.info(codeText(activeIntl(), 'download_preparing'), productToast);

/** A failed download: the server's refusal (4xx) as it says it, anything else "Download failed". */
export const toastDownloadFailure = (error: unknown) =>
  toast.error(
    isApiError(error) && error.status > 0 && error.status < 500 ? error : codeText(activeIntl(), 'download_failed'),
    productToast,
  );
