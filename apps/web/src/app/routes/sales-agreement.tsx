import agreement from '@/content/sales-agreement.md';
import { LegalDocument } from '@/features/legal/components/legal-document';

export default function SalesAgreementRoute() {
  return <LegalDocument source={agreement} />;
}
