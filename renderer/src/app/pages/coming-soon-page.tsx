import { Center, EmptyState, Paper } from '@mantine/core';
import type { NavItem } from '../navigation.js';
import { PageHeader } from '../../components/page-header.js';

/** The screen of an area that is not built yet: says what will live there, and nothing more. */
export function ComingSoonPage({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <>
      <PageHeader title={item.label} description={item.description} />
      <Paper withBorder py={64} px="xl">
        <Center>
          <EmptyState
            maw={460}
            variant="light"
            size="lg"
            icon={<Icon size={28} stroke={1.6} />}
            title="This area isn’t built yet"
            description="It arrives in a later version of Outpost. Until then this screen stays empty on purpose."
          />
        </Center>
      </Paper>
    </>
  );
}
