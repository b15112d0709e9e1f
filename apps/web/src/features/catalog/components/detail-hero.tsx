import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { PageTitle } from '@/components/ui/page-title';
import { isApiError } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { commonMessages } from '@/lib/i18n/common-messages';
import { errorText } from '@/lib/i18n/error-text';

type DetailHeroProps = {
  eyebrow: string;
  title: string;
  imageUrl: string;
  /** Round portrait (artists) or square cover (albums). */
  shape: 'round' | 'square';
  children?: ReactNode;
};

/** The header of an album or artist page: the picture, blurred behind, and the facts. */
export function DetailHero({ eyebrow, title, imageUrl, shape, children }: DetailHeroProps) {
  return (
    <header className="relative isolate overflow-hidden border-b border-line">
      <PageTitle title={title} />
      <img
        src={imageUrl}
        alt=""
        aria-hidden="true"
        className="absolute inset-0 -z-20 size-full scale-125 object-cover opacity-35 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-canvas/40 via-canvas/75 to-canvas"
      />
      <Container className="flex flex-col gap-6 py-10 sm:flex-row sm:items-end sm:gap-8 sm:py-14">
        <img
          src={imageUrl}
          alt=""
          width={224}
          height={224}
          className={cx(
            'size-40 shrink-0 object-cover shadow-pop ring-1 ring-white/15 sm:size-56',
            shape === 'round' ? 'rounded-full' : 'rounded-2xl',
          )}
        />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">{eyebrow}</p>
          <h1 className="mt-2 text-4xl font-bold break-words text-fg sm:text-5xl">
            <bdi>{title}</bdi>
          </h1>
          {children}
        </div>
      </Container>
    </header>
  );
}

/** An album or artist page while its data loads. */
export function DetailLoading() {
  const intl = useIntl();
  return <LoadingState label={intl.formatMessage({ id: 'tracks.loadingMore', defaultMessage: 'Loading...' })} />;
}

/**
 * An album or artist page that could not load: not found (the server says so) or another failure,
 * and the way back to the list of all of them.
 */
export function DetailUnavailable({
  error,
  eyebrow,
  backTo,
  backLabel,
}: {
  error: Error;
  /** What the page is (`Album`), its title in the tab. */
  eyebrow: string;
  backTo: string;
  backLabel: ReactNode;
}) {
  const intl = useIntl();
  const notFound = isApiError(error) && error.status === 404;
  return (
    <Container className="py-16">
      <PageTitle title={eyebrow} />
      <EmptyState
        titleAs="h1"
        title={notFound ? errorText(intl, error) : intl.formatMessage(commonMessages.somethingWentWrong)}
        description={notFound ? undefined : errorText(intl, error)}
        action={<LinkButton to={backTo}>{backLabel}</LinkButton>}
      />
    </Container>
  );
}
