// The home page: hero, four features, How It Works, and a final call to book. A signed-in
// technician is sent on to their dashboard or onboarding.
import { Navigate } from 'react-router';
import { FALLBACK_BUSINESS_NAME, useBusinessProfile } from '../../../lib/business-profile.ts';
import { homeRedirectFor } from '../../../lib/role-homes.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { BookCtaSection } from '../components/book-cta-section.tsx';
import { FeaturesSection } from '../components/features-section.tsx';
import { HeroSection } from '../components/hero-section.tsx';
import { HowItWorksSection } from '../components/how-it-works-section.tsx';

export function HomePage() {
  const { data: business } = useBusinessProfile();
  const name = business?.name ?? FALLBACK_BUSINESS_NAME;
  const { viewer } = useViewer();
  const redirect = homeRedirectFor(viewer);
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <>
      <title>{`${name} · Mobile Oil Change & Car Maintenance`}</title>
      <HeroSection />
      <FeaturesSection />
      <HowItWorksSection />
      <BookCtaSection />
    </>
  );
}
