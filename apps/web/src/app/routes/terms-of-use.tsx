import terms from '@/content/terms-of-use.md';
import { LegalDocument } from '@/features/legal/components/legal-document';

export default function TermsOfUseRoute() {
  return <LegalDocument source={terms} />;
}
