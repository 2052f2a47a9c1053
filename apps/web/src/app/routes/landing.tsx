import { lazy, Suspense } from 'react';
import { WhenNearViewport } from '../../components/when-near-viewport';
import { LandingCta } from '../../features/landing/components/landing-cta';
import { LandingFeatures } from '../../features/landing/components/landing-features';
import { LandingHero } from '../../features/landing/components/landing-hero';
import { LandingProductShot } from '../../features/landing/components/landing-product-shot';
import { LandingSteps } from '../../features/landing/components/landing-steps';

// The enquiry form brings the form library and the schemas, a third of the page's code: it
// loads as a visitor scrolls towards it, not with the first screen (decision 023).
const ServiceEnquiryForm = lazy(async () => ({
  default: (await import('../../features/landing/components/service-enquiry-form'))
    .ServiceEnquiryForm,
}));

// Roughly the form section's height on a phone, held while its code loads.
const FORM_PLACEHOLDER_HEIGHT = 900;

export default function LandingRoute() {
  return (
    <>
      <title>Switchboard · Dashboards for voice-AI agents</title>
      <LandingHero />
      <LandingProductShot />
      <LandingFeatures />
      <LandingSteps />
      <WhenNearViewport placeholderHeight={FORM_PLACEHOLDER_HEIGHT}>
        <Suspense fallback={<div style={{ minHeight: FORM_PLACEHOLDER_HEIGHT }} />}>
          <ServiceEnquiryForm />
        </Suspense>
      </WhenNearViewport>
      <LandingCta />
    </>
  );
}
