import { useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { LogoMark } from '@/components/ui/logo';

type AuthLayoutProps = {
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** The line under the form, e.g. the link to the other auth page. */
  footer: ReactNode;
};

/** The frame of the login and sign-up pages: a centred card over the star lattice. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  const intl = useIntl();
  return (
    <section className="relative isolate overflow-hidden">
      <title>{intl.formatMessage({ id: 'document.pageTitle', defaultMessage: '{title} · Tarab' }, { title })}</title>
      <div
        aria-hidden="true"
        className="pattern-stars absolute inset-0 -z-10 opacity-[0.06] [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="absolute -top-48 left-1/2 -z-10 h-96 w-[48rem] max-w-[180%] -translate-x-1/2 rounded-full bg-saffron-500/10 blur-3xl"
      />
      <Container className="flex justify-center py-10 sm:py-16">
        <div className="w-full max-w-md rounded-2xl border border-line bg-surface/90 p-6 shadow-card backdrop-blur sm:p-8">
          <div className="mb-6 flex flex-col items-center text-center">
            <LogoMark className="mb-4 size-11" />
            <h1 className="text-3xl font-bold text-fg sm:text-4xl">{title}</h1>
            <p className="mt-2 text-base text-fg-muted">{description}</p>
          </div>
          {children}
          <p className="mt-6 border-t border-line pt-5 text-center text-sm text-fg-muted">{footer}</p>
        </div>
      </Container>
    </section>
  );
}

/** The footer's line: a question, then the link to the other auth page (`Already have an account? Log in`). */
export function AuthFooterLink({ prompt, to, children }: { prompt?: ReactNode; to: string; children: ReactNode }) {
  return (
    <>
      {prompt ? <>{prompt} </> : null}
      <Link to={to} className="font-semibold text-accent underline-offset-4 hover:underline">
        {children}
      </Link>
    </>
  );
}
