import { FormattedMessage, useIntl } from 'react-intl';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';

/** Keys are shown in capitals; spaces a copy brought along are not part of them. */
const cleanKey = (typed: string) => typed.trim().replace(/\s+/g, '').toUpperCase();

/**
 * The licence check's field (`/verify`): type or paste the key from a certificate or a
 * `license.txt`, and the check opens at `/verify/{key}` (in the page's language: the router's
 * basename). `initialKey` fills it on a key's own page, to check another.
 */
export function VerifyKeyForm({ initialKey = '', className }: { initialKey?: string; className?: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState(initialKey);
  const [lastKey, setLastKey] = useState(initialKey);
  const [missing, setMissing] = useState(false);
  // Another key opened (back, a link): the field shows it.
  if (initialKey !== lastKey) {
    setLastKey(initialKey);
    setDraft(initialKey);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const key = cleanKey(draft);
    if (!key) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void navigate(paths.verify.getHref(key));
  };

  return (
    <form
      role="search"
      aria-label={intl.formatMessage({ id: 'licence.form.label', defaultMessage: 'Check a licence key' })}
      onSubmit={submit}
      noValidate
      className={cx(
        'mx-auto w-full max-w-2xl rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6',
        className,
      )}
    >
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-fg">
        <FormattedMessage id="licence.key" defaultMessage="Licence key" />
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={inputId}
          name="key"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (missing) setMissing(false);
          }}
          // A key is Latin: typed and read left to right on Arabic pages too.
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          placeholder="TRB-XXXX-XXXX-XXXX-XXXX"
          aria-invalid={missing || undefined}
          aria-describedby={hintId}
          className="block h-12 w-full min-w-0 rounded-xl sm:flex-1 border border-line-strong bg-canvas/60 px-4 font-mono text-base tracking-wide text-fg uppercase transition-colors placeholder:text-fg-subtle placeholder:normal-case hover:border-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 aria-invalid:border-danger"
        />
        <Button type="submit" className="h-12 shrink-0 sm:px-6">
          <FormattedMessage id="licence.form.submit" defaultMessage="Check licence" />
        </Button>
      </div>
      <p id={hintId} className={cx('mt-2 text-sm', missing ? 'text-danger' : 'text-fg-subtle')}>
        {missing ? (
          <FormattedMessage id="licence.form.missing" defaultMessage="Type the licence key first." />
        ) : (
          <FormattedMessage
            id="licence.form.hint"
            defaultMessage="The key is on the licence certificate and in the {file} of every download."
            values={{ file: <bdi dir="ltr">license.txt</bdi> }}
          />
        )}
      </p>
    </form>
  );
}
