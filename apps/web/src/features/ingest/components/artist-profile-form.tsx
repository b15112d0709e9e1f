import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ArtistProfileLimits, type ArtistProfileDto } from '@tarab/contracts';
import { Button } from '@/components/ui/button';
import { FormAlert, InputField, TextAreaField } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { errorText, fieldErrorsOf } from '@/lib/i18n/error-text';
import { useArtistProfile, useUpdateArtistProfile } from '../api/artist-profile';

type Draft = { name: string; name_ar: string; bio: string; bio_ar: string };
const draftOf = (profile: ArtistProfileDto): Draft => ({
  name: profile.name,
  name_ar: profile.name_ar ?? '',
  bio: profile.bio,
  bio_ar: profile.bio_ar ?? '',
});

/**
 * The artist's public profile (issue 32 item 8, decision 061): the name and bio the store shows, and
 * their Arabic forms, which Arabic pages show instead (empty: the Latin ones). The Arabic fields are
 * written right to left. Shown to artists on their profile page.
 */
export function ArtistProfileForm() {
  const intl = useIntl();
  const profile = useArtistProfile();
  const update = useUpdateArtistProfile();
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (profile.data && draft === null) setDraft(draftOf(profile.data));
  }, [profile.data, draft]);

  // An account not linked to an artist profile has nothing to edit here.
  if (profile.isError && isApiError(profile.error) && profile.error.status === 403) return null;

  // In the page's language, by their codes (the schema's messages carry theirs in `field_codes`).
  const errors = fieldErrorsOf(intl, update.error);
  const set = (field: keyof Draft) => (value: string) => {
    setDraft((current) => (current ? { ...current, [field]: value } : current));
    if (update.isSuccess || update.isError) update.reset();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft) return;
    update.mutate(draft, { onSuccess: (saved) => setDraft(draftOf(saved)) });
  };
  const arabicHint = intl.formatMessage({
    id: 'artistProfile.arabicHint',
    defaultMessage: 'Shown on the Arabic pages of the store; leave it empty to show the one above.',
  });

  return (
    <section
      aria-labelledby="artist-profile-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7"
    >
      <h2 id="artist-profile-title" className="text-xl font-bold text-fg">
        <FormattedMessage id="artistProfile.title" defaultMessage="Artist profile" />
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        <FormattedMessage
          id="artistProfile.description"
          defaultMessage="Your name and bio on your artist page, in English and in Arabic."
        />
      </p>
      {profile.isError ? (
        <FormAlert className="mt-5">{errorText(intl, profile.error)}</FormAlert>
      ) : !draft ? (
        <div role="status" aria-busy="true" className="mt-5 h-48 animate-pulse rounded-xl bg-surface-raised" />
      ) : (
        <form onSubmit={onSubmit} className="mt-5 grid gap-5" aria-busy={update.isPending || undefined}>
          {update.isError && Object.keys(errors).length === 0 ? (
            <FormAlert>{errorText(intl, update.error)}</FormAlert>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              label={intl.formatMessage({ id: 'artistProfile.name', defaultMessage: 'Artist name' })}
              name="name"
              dir="auto"
              required
              autoComplete="off"
              maxLength={ArtistProfileLimits.nameMax}
              value={draft.name}
              errors={errors['name']}
              onChange={(event) => set('name')(event.target.value)}
            />
            <InputField
              label={intl.formatMessage({ id: 'artistProfile.nameAr', defaultMessage: 'Artist name in Arabic' })}
              hint={arabicHint}
              name="name_ar"
              dir="rtl"
              lang="ar"
              autoComplete="off"
              maxLength={ArtistProfileLimits.nameMax}
              value={draft.name_ar}
              errors={errors['name_ar']}
              onChange={(event) => set('name_ar')(event.target.value)}
            />
          </div>
          <TextAreaField
            label={intl.formatMessage({ id: 'artistProfile.bio', defaultMessage: 'Bio' })}
            name="bio"
            dir="ltr"
            rows={4}
            maxLength={ArtistProfileLimits.bioMax}
            textAreaClassName="min-h-28 resize-y leading-relaxed"
            value={draft.bio}
            errors={errors['bio']}
            onChange={set('bio')}
          />
          <TextAreaField
            label={intl.formatMessage({ id: 'artistProfile.bioAr', defaultMessage: 'Bio in Arabic' })}
            hint={arabicHint}
            name="bio_ar"
            dir="rtl"
            lang="ar"
            rows={4}
            maxLength={ArtistProfileLimits.bioMax}
            textAreaClassName="min-h-28 resize-y leading-relaxed"
            value={draft.bio_ar}
            errors={errors['bio_ar']}
            onChange={set('bio_ar')}
          />
          {update.isSuccess ? (
            <p role="status" className="rounded-xl border border-teal-500/40 bg-teal-700/20 px-4 py-3 text-sm text-fg">
              <FormattedMessage id="artistProfile.saved" defaultMessage="Your artist profile is saved." />
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? (
                <FormattedMessage id="artistProfile.saving" defaultMessage="Saving…" />
              ) : (
                <FormattedMessage id="artistProfile.save" defaultMessage="Save profile" />
              )}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
