import policy from '@/content/privacy-policy.md';
import { LegalDocument } from '@/features/legal/components/legal-document';

export default function PrivacyPolicyRoute() {
  return <LegalDocument source={policy} />;
}
