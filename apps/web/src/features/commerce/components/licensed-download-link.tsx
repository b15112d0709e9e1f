import type { DeliveryFormat } from '@tarab/contracts';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { downloadLicensed } from '../api/prepare-download';
import { toastDownloadFailure, toastPreparing } from '../lib/download-toasts';
import { zipUrlOf } from '../lib/start-download';

type LicensedDownloadLinkProps = {
  trackId: number;
  format: DeliveryFormat;
  className: string;
  children: ReactNode;
  'aria-label'?: string;
  title?: string;
};

/**
 * A link to a licensed track's zip in one format. A click first asks the server to prepare the
 * file (a track's first download in a format is made on demand) and waits as long as it says,
 * then starts the download; without script the link itself downloads the zip.
 */
export function LicensedDownloadLink({ trackId, format, className, children, ...rest }: LicensedDownloadLinkProps) {
  const [busy, setBusy] = useState(false);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    downloadLicensed(trackId, format, { onPreparing: toastPreparing })
      .catch(toastDownloadFailure)
      .finally(() => setBusy(false));
  };
  return (
    <a href={zipUrlOf(trackId, format)} download onClick={onClick} aria-busy={busy} className={className} {...rest}>
      {busy ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current/30 border-t-current"
        />
      ) : null}
      {children}
    </a>
  );
}
