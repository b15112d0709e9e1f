import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const linkClass = 'font-semibold text-accent underline-offset-4 hover:underline';

function Step({ index, title, children }: { index: number; title: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent/15 text-sm font-bold text-accent ring-1 ring-accent/30"
      >
        {index}
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-fg">{title}</h3>
        <p className="mt-1 text-sm text-fg-muted">{children}</p>
      </div>
    </li>
  );
}

/**
 * Shown with the subscribed plan (issue 32): what the subscription gives now — downloads of everything,
 * where the licences and receipts are, and how to manage or cancel it.
 */
export function WhatYouCanDoNow() {
  return (
    <section
      aria-labelledby="what-now-title"
      className="rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8"
    >
      <h2 id="what-now-title" className="text-xl font-bold text-fg">
        <FormattedMessage id="subscriptions.whatNow.title" defaultMessage="What you can do now" />
      </h2>
      <ol className="mt-6 space-y-6">
        <Step
          index={1}
          title={<FormattedMessage id="subscriptions.whatNow.downloadTitle" defaultMessage="Download anything" />}
        >
          <FormattedMessage
            id="subscriptions.whatNow.downloadText"
            defaultMessage="Every <music>track</music> and <loops>loop</loops> downloads free while your plan runs, each with its licence."
            values={{
              music: (chunks) => (
                <Link to={paths.music.getHref()} className={linkClass}>
                  {chunks}
                </Link>
              ),
              loops: (chunks) => (
                <Link to={paths.loops.getHref()} className={linkClass}>
                  {chunks}
                </Link>
              ),
            }}
          />
        </Step>
        <Step
          index={2}
          title={
            <FormattedMessage id="subscriptions.whatNow.receiptsTitle" defaultMessage="Your licences and receipts" />
          }
        >
          <FormattedMessage
            id="subscriptions.whatNow.receiptsText"
            defaultMessage="What you download stays in <saved>Downloads</saved> with its licence key; confirmations and receipts go to the email of your <profile>profile</profile>."
            values={{
              saved: (chunks) => (
                <Link to={paths.saved.getHref()} className={linkClass}>
                  {chunks}
                </Link>
              ),
              profile: (chunks) => (
                <Link to={paths.profile.getHref()} className={linkClass}>
                  {chunks}
                </Link>
              ),
            }}
          />
        </Step>
        <Step
          index={3}
          title={<FormattedMessage id="subscriptions.whatNow.manageTitle" defaultMessage="Manage or cancel" />}
        >
          <FormattedMessage
            id="subscriptions.whatNow.manageText"
            defaultMessage="Unsubscribe on this page at any time: your plan then runs to the end of the period and is not renewed."
          />
        </Step>
      </ol>
    </section>
  );
}
