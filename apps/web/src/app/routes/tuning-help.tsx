import tuning from '@/content/tuning-files.md';
import { LegalDocument } from '@/features/legal/components/legal-document';

/** /tuning: how to load the tuning files (.scl, .kbm) in common synths (issue 18). */
export default function TuningHelpRoute() {
  return <LegalDocument source={tuning} />;
}
