import { MarketingFeaturesPanel } from '../../../features/content/components/marketing-features-panel.tsx'

export function MarketingFeaturesPage() {
  return <MarketingFeaturesPanel />
}
