import about from '@/content/about-us.md';
import { AboutPage } from '@/features/legal/components/about-page';

export default function AboutUsRoute() {
  return <AboutPage source={about} />;
}
