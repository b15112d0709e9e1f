import { useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { LicenseCheck } from '@/features/licenses/components/license-check';

/** `/verify/:key`: anyone (a client, a broadcaster, a platform) checks a Tarab licence. */
export default function VerifyLicenseRoute() {
  const { key = '' } = useParams();
  return (
    <>
      <PageHeader
        eyebrow="Licence check"
        title="Verify a licence"
        description="Every Tarab licence has a key. Here anyone can see whether it is valid and what it covers."
      />
      <Container className="py-12 sm:py-16">
        <LicenseCheck licenseKey={key} />
      </Container>
    </>
  );
}
