import { Badge, Center, EmptyState, Paper } from '@mantine/core';
import type { NavItem } from '../navigation.js';
import { PageHeader } from '../../components/page-header.js';

/** The screen of an area that is not built yet: says what will live there, and nothing more. */
export function ComingSoonPage({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <>
      <PageHeader title={item.label} />
      <Paper withBorder py={64} px="xl">
        <Center>
          <EmptyState
            maw={460}
            variant="light"
            size="lg"
            icon={<Icon size={28} stroke={1.6} />}
            title={item.label}
            description={item.description}
          >
            <EmptyState.Actions>
              <Badge variant="light" color="gray" size="lg">
                Not built yet
              </Badge>
            </EmptyState.Actions>
          </EmptyState>
        </Center>
      </Paper>
    </>
  );
}
