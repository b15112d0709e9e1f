import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { LicenseCheck } from '@/features/licenses/components/license-check';
import { VerifyKeyForm } from '@/features/licenses/components/verify-key-form';

/**
 * `/verify/:key`: anyone (a client, a broadcaster, a platform) checks a Tarab licence; `/verify`
 * without a key offers the field to type one.
 */
export default function VerifyLicenseRoute() {
  const { key = '' } = useParams();
  const intl = useIntl();
  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'licence.eyebrow', defaultMessage: 'Licence check' })}
        title={intl.formatMessage({ id: 'licence.title', defaultMessage: 'Verify a licence' })}
        description={intl.formatMessage({
          id: 'licence.description',
          defaultMessage: 'Every Tarab licence has a key. Here anyone can see whether it is valid and what it covers.',
        })}
      />
      <Container className="flex flex-col gap-8 py-12 sm:py-16">
        {key ? (
          <div className="mx-auto w-full max-w-2xl">
            <LicenseCheck licenseKey={key} />
          </div>
        ) : null}
        <VerifyKeyForm initialKey={key} />
      </Container>
    </>
  );
}
