import Box from '@mui/material/Box';
import { FaqSection } from './FaqSection';
import { FeaturesSection } from './FeaturesSection';
import { FinalCallToAction } from './FinalCallToAction';
import { HeroSection } from './HeroSection';
import { HowItWorksSection } from './HowItWorksSection';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import { SourceVerificationDemo } from './SourceVerificationDemo';
import { TestimonialsSection } from './TestimonialsSection';
import { UseCasesSection } from './UseCasesSection';

export function LandingPage() {
  return (
    <Box id="top" sx={{ bgcolor: 'background.default' }}>
      <LandingHeader />
      <Box component="main">
        <HeroSection />
        <FeaturesSection />
        <UseCasesSection />
        <SourceVerificationDemo />
        <HowItWorksSection />
        <TestimonialsSection />
        <FaqSection />
        <FinalCallToAction />
      </Box>
      <LandingFooter />
    </Box>
  );
}
