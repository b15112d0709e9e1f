import { useLoaderData } from 'react-router';
import { LegalDocument } from '@/features/legal/components/legal-document';
import { contentLoader } from '@/features/legal/lib/documents';

/** The privacy policy in the page's language (src/content, issue 19). */
export const loader = contentLoader('privacy-policy');

export default function PrivacyPolicyRoute() {
  const [policy] = useLoaderData<typeof loader>();
  return <LegalDocument source={policy.document} lang={policy.lang} />;
}
