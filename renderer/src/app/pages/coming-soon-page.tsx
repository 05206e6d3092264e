import type { NavItem } from '../navigation.js';
import { PageHeader } from '../../components/page-header.js';
import { ScreenEmptyState } from '../../components/screen-empty-state/screen-empty-state.js';

/** The screen of an area that is not built yet: says what will live there, and nothing more. */
export function ComingSoonPage({ item }: { item: NavItem }) {
  return (
    <>
      <PageHeader title={item.label} description={item.description} />
      <ScreenEmptyState
        maw={460}
        icon={item.icon}
        title="This area isn’t built yet"
        description="It arrives in a later version of Outpost. Until then this screen stays empty on purpose."
      />
    </>
  );
}
