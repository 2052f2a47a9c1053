import { LandingCta } from '../../features/landing/components/landing-cta';
import { LandingFeatures } from '../../features/landing/components/landing-features';
import { LandingHero } from '../../features/landing/components/landing-hero';
import { LandingProductShot } from '../../features/landing/components/landing-product-shot';
import { LandingSteps } from '../../features/landing/components/landing-steps';
import { ServiceEnquiryForm } from '../../features/landing/components/service-enquiry-form';

export default function LandingRoute() {
  return (
    <>
      <title>Switchboard · Dashboards for voice-AI agents</title>
      <LandingHero />
      <LandingProductShot />
      <LandingFeatures />
      <LandingSteps />
      <ServiceEnquiryForm />
      <LandingCta />
    </>
  );
}
